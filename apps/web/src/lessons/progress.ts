/**
 * Which lessons this browser has finished, for the home page's marks: a list of lesson ids in
 * localStorage (a lesson is never rated or counted, so nothing of it goes to the account).
 */
const KEY = 'kon.lessons.finished';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

export function finishedLessons(store: Store | undefined = globalThis.localStorage): Set<string> {
  try {
    const raw = JSON.parse(store?.getItem(KEY) ?? '[]');
    return new Set(Array.isArray(raw) ? raw.filter((x): x is string => typeof x === 'string') : []);
  } catch {
    return new Set();
  }
}

export function markFinished(id: string, store: Store | undefined = globalThis.localStorage): void {
  const done = finishedLessons(store);
  if (done.has(id)) return;
  done.add(id);
  try {
    store?.setItem(KEY, JSON.stringify([...done]));
  } catch {
    // Storage full or refused (private mode): the mark is a convenience only.
  }
}

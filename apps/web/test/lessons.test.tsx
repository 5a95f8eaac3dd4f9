/** The lessons' step panel: where it goes (never over what it points at), what it says, and the finished marks. */
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { placePanel, type Rect } from '../src/lessons/placement';
import { finishedLessons, markFinished } from '../src/lessons/progress';
import { StepPanel } from '../src/lessons/StepPanel';
import { I18nContext, translate } from '../src/i18n';

const overlaps = (a: Rect, b: Rect) => a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

describe('lesson panel placement', () => {
  const sizes = [
    { name: 'laptop', screen: { width: 1366, height: 768 }, panel: { width: 352, height: 160 } },
    { name: 'phone', screen: { width: 390, height: 844 }, panel: { width: 374, height: 200 } },
  ];
  const targets: Rect[][] = [
    [{ x: 100, y: 100, width: 60, height: 40 }],
    [{ x: 10, y: 600, width: 200, height: 180 }],
    [
      { x: 150, y: 300, width: 80, height: 80 },
      { x: 20, y: 20, width: 40, height: 40 },
    ],
    [{ x: 0, y: 0, width: 370, height: 420 }],
  ];
  for (const { name, screen: s, panel } of sizes)
    it(`never covers a target on a ${name}, and stays on the screen`, () => {
      for (const ts of targets) {
        const at = placePanel(ts, s, panel);
        const box = { ...at, width: Math.min(panel.width, s.width - 16), height: panel.height };
        for (const t of ts) expect(overlaps(box, t), JSON.stringify({ ts, at })).toBe(false);
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(s.width);
        expect(box.y + box.height).toBeLessThanOrEqual(s.height);
      }
    });
});

describe('finished lessons', () => {
  it('are remembered by id, once, and a broken store is no mark', () => {
    const data = new Map<string, string>();
    const store = { getItem: (k: string) => data.get(k) ?? null, setItem: (k: string, v: string) => void data.set(k, v) };
    markFinished('kon-basic', store);
    markFinished('kon-basic', store);
    expect([...finishedLessons(store)]).toEqual(['kon-basic']);
    expect(finishedLessons({ getItem: () => '{not json', setItem: () => {} }).size).toBe(0);
  });
});

describe('StepPanel', () => {
  it('says the step, lights its target and explains a wrong action', () => {
    document.body.innerHTML = '<div id="board"><button data-lesson-target="area:oslo">Oslo</button></div>';
    const step = {
      id: 'attack',
      seat: '0',
      move: 'move',
      args: {},
      say: { no: 'Angrip Hamar.', en: 'Attack Hamar.' },
      wrong: { no: 'Send fire.', en: 'Send four.' },
      light: ['area:oslo'],
    };
    const { unmount } = render(
      <I18nContext.Provider value={{ lang: 'no', t: (k, p) => translate('no', k, p), setLang: () => {} }}>
        <StepPanel step={step} index={1} of={9} wrong />
      </I18nContext.Provider>,
    );
    expect(screen.getByText('Steg 2 av 9')).toBeTruthy();
    expect(screen.getByText('Angrip Hamar.')).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toContain('Send fire.');
    expect(document.querySelector('[data-lesson-target="area:oslo"]')!.classList.contains('lesson-lit')).toBe(true);
    unmount();
    expect(document.querySelector('[data-lesson-target="area:oslo"]')!.classList.contains('lesson-lit')).toBe(false);
  });

  it("brings a new step's target into view once when it is scrolled away, and leaves one in view alone", () => {
    document.body.innerHTML =
      '<div><button data-lesson-target="area:oslo">Oslo</button><button data-lesson-target="area:hamar">Hamar</button></div>';
    const at = (y: number) => () =>
      ({ x: 10, y, width: 40, height: 20, top: y, left: 10, right: 50, bottom: y + 20, toJSON: () => ({}) }) as DOMRect;
    const oslo = document.querySelector<HTMLElement>('[data-lesson-target="area:oslo"]')!;
    const hamar = document.querySelector<HTMLElement>('[data-lesson-target="area:hamar"]')!;
    oslo.getBoundingClientRect = at(-900); // scrolled away above (a phone left on its hand)
    hamar.getBoundingClientRect = at(100);
    const scrolled: string[] = [];
    oslo.scrollIntoView = () => scrolled.push('oslo');
    hamar.scrollIntoView = () => scrolled.push('hamar');
    const step = (id: string, light: string) => ({
      id,
      seat: '0',
      move: 'move',
      args: {},
      say: { no: 'Flytt.', en: 'Move.' },
      light: [light],
    });
    const panel = (s: ReturnType<typeof step>) => (
      <I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>
        <StepPanel step={s} index={0} of={2} wrong={false} />
      </I18nContext.Provider>
    );
    const first = step('one', 'area:oslo');
    const { rerender, unmount } = render(panel(first));
    rerender(panel({ ...first }));
    expect(scrolled).toEqual(['oslo']);
    rerender(panel(step('two', 'area:hamar')));
    expect(scrolled).toEqual(['oslo']);
    unmount();
  });
});

describe('LessonOverlay', () => {
  it('shows the step the match is at, follows the state, and marks the lesson finished after its last step', {
    timeout: 60_000,
  }, async () => {
    const { LessonOverlay } = await import('../src/lessons/LessonOverlay');
    const { reportState } = await import('../src/lessons/match-state');
    const { act, findByText } = await import('@testing-library/react');
    const { lessons } = await import('@kon/game');
    const basic = lessons.find((l) => l.id === 'kon-basic')!;
    const worded = basic.steps.flatMap((s, i) => (s.say ? [i] : []));
    localStorage.clear();
    reportState('lesson-m1', 0);
    const view = render(
      <I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>
        <LessonOverlay matchID="lesson-m1" lessonId="kon-basic" />
      </I18nContext.Provider>,
    );
    await findByText(view.container, basic.steps[0]!.say!.en, undefined, { timeout: 20_000 });
    // Between learner's steps (the computer's card): the next learner's step is shown.
    act(() => reportState('lesson-m1', 3));
    expect(view.container.textContent).toContain(basic.steps[worded.find((i) => i >= 3)!]!.say!.en);
    expect(finishedLessons().has('kon-basic')).toBe(false);
    act(() => reportState('lesson-m1', worded.at(-1)! + 1));
    expect(view.container.textContent).toContain(basic.finish.en);
    expect(finishedLessons().has('kon-basic')).toBe(true);
    view.unmount();
  });
});

describe('lesson targets', () => {
  it('light by the attribute a board already has (areas, zones, squares, slots), or by data-lesson-target', async () => {
    const { targetsOf } = await import('../src/lessons/StepPanel');
    document.body.innerHTML =
      '<svg><g data-area="hamar"></g><g data-zone="skagerrak"></g></svg><div data-square="3,4"></div><button data-lesson-target="button:pass"></button><g data-area="oslo"></g>';
    const step = { id: 's', seat: '0', move: 'm', args: {}, light: ['area:hamar', 'zone:skagerrak', 'square:3,4', 'button:pass'] };
    const lit = targetsOf(step).map(
      (e) =>
        e.getAttribute('data-area') ?? e.getAttribute('data-zone') ?? e.getAttribute('data-square') ?? e.getAttribute('data-lesson-target'),
    );
    expect(lit).toEqual(['hamar', 'skagerrak', '3,4', 'button:pass']);
  });
});

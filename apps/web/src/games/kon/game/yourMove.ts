/**
 * "Your move" signals: while this browser must act (its own turn, or a reaction window in another
 * side's turn) the tab's title and icon say so; when a decision comes up, an optional sound, and a
 * browser notification if the tab is hidden. Sound and notifications are off until the player turns
 * them on (the permission is asked only from that click); the choice is remembered per browser.
 */
import { useEffect, useRef, useState } from 'react';

export interface SignalSettings {
  sound: boolean;
  notify: boolean;
}
const KEY = 'kon.signals';
const DEFAULTS: SignalSettings = { sound: false, notify: false };

export function loadSignals(): SignalSettings {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<SignalSettings>;
    return { sound: raw.sound === true, notify: raw.notify === true };
  } catch {
    return DEFAULTS;
  }
}
export function saveSignals(s: SignalSettings) {
  try {
    localStorage.setItem(KEY, JSON.stringify(s));
  } catch {
    /* private mode: for this page only */
  }
  for (const l of listeners) l(s);
}
const listeners = new Set<(s: SignalSettings) => void>();
/** The settings, kept in step across components of the page. */
export function useSignalSettings(): [SignalSettings, (s: SignalSettings) => void] {
  const [s, set] = useState(loadSignals);
  useEffect(() => {
    listeners.add(set);
    return () => void listeners.delete(set);
  }, []);
  return [s, saveSignals];
}

/** The tab title while it is your move. */
export function yourMoveTitle(base: string, label: string): string {
  return `● ${label} – ${base}`;
}

/** The tab icon while it is your move: the usual mark with an orange dot (a data: URL, allowed by the CSP). */
export const YOUR_MOVE_ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#e9e4d8"/>' +
      '<path d="M9 26 L13 6 L17 14 L21 9 L24 26 Z" fill="#1f2a33"/><circle cx="24" cy="8" r="7" fill="#e8590c" stroke="#fff" stroke-width="2"/></svg>',
  );

let audio: AudioContext | undefined;
/** Unlock audio from a click (browsers refuse sound before the page has had one). */
export function primeSound() {
  try {
    audio ??= new AudioContext();
    void audio.resume();
  } catch {
    /* no Web Audio */
  }
}
/** Two short rising notes. */
export function playChime() {
  try {
    audio ??= new AudioContext();
    const ctx = audio;
    const now = ctx.currentTime;
    [660, 880].forEach((freq, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.0001, now + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.2, now + i * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, now + i * 0.16 + 0.15);
      osc.connect(gain).connect(ctx.destination);
      osc.start(now + i * 0.16);
      osc.stop(now + i * 0.16 + 0.16);
    });
  } catch {
    /* no sound: the title and icon still say it */
  }
}

export function notificationsSupported(): boolean {
  return typeof window !== 'undefined' && 'Notification' in window;
}

/**
 * Keep the tab's title and icon in step with `mustAct`, and when it turns on, chime and notify as the
 * settings say. `label` is "Your move"; `detail` the banner's sentence (the notification's text).
 */
export function useYourMoveSignals(mustAct: boolean, label: string, detail: string, tag: string) {
  const [settings] = useSignalSettings();
  const base = useRef<{ title: string; icon: string | null } | null>(null);
  const was = useRef(false);

  useEffect(() => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="icon"]');
    base.current ??= { title: document.title, icon: link?.getAttribute('href') ?? null };
    const b = base.current;
    if (mustAct) {
      document.title = yourMoveTitle(b.title, label);
      link?.setAttribute('href', YOUR_MOVE_ICON);
    } else {
      document.title = b.title;
      if (b.icon !== null) link?.setAttribute('href', b.icon);
    }
    document.documentElement.dataset.yourMove = mustAct ? 'true' : 'false';
  }, [mustAct, label]);

  // Put the title and icon back when the match page goes.
  useEffect(
    () => () => {
      const b = base.current;
      if (!b) return;
      document.title = b.title;
      if (b.icon !== null) document.querySelector<HTMLLinkElement>('link[rel="icon"]')?.setAttribute('href', b.icon);
      delete document.documentElement.dataset.yourMove;
    },
    [],
  );

  // Chime and notify on the rising edge only: a run for a changed text or setting finds `was` already equal.
  useEffect(() => {
    const rising = mustAct && !was.current;
    was.current = mustAct;
    if (!rising) return;
    if (settings.sound) playChime();
    if (settings.notify && document.hidden && notificationsSupported() && Notification.permission === 'granted') {
      try {
        const n = new Notification(label, { body: detail, tag, icon: '/favicon.svg' });
        n.onclick = () => {
          window.focus();
          n.close();
        };
      } catch {
        /* some browsers allow notifications only from a service worker */
      }
    }
  }, [mustAct, label, detail, tag, settings.sound, settings.notify]);
}

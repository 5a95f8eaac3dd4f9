// @vitest-environment jsdom
/**
 * The match page is a chunk of its own: the home page renders without importing it, a match route
 * loads it, and a chunk that fails to load leaves a clear message with a reload button, not a blank page.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';

const chunk = { loads: 0, fail: false };

/** A fresh App whose match page chunk is a stand-in that counts its loads (or fails to load). */
async function showApp(path: string) {
  vi.resetModules();
  // Kampen om Norge's web folder (games/kon/index.ts, found by the registry) with its own page.
  vi.doMock('../src/games/kon/index', () => {
    chunk.loads++;
    if (chunk.fail) throw new Error('Failed to fetch dynamically imported module');
    return {
      web: {
        module: {},
        Page: ({ matchID, spectator }: { matchID: string; spectator: boolean }) => (
          <p>
            match {matchID} {spectator ? 'watch' : 'play'}
          </p>
        ),
      },
    };
  });
  window.history.replaceState(null, '', path);
  const { App } = await import('../src/App');
  render(<App />);
}

beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('kon.lang', 'en');
  chunk.loads = 0;
  chunk.fail = false;
});
afterEach(() => cleanup());

describe('code splitting', () => {
  it('the home page does not load the match page', async () => {
    await showApp('/');
    expect(screen.getByRole('button', { name: 'Create match' })).toBeTruthy();
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(chunk.loads).toBe(0);
  });

  it('a match route loads it, for players and spectators', async () => {
    await showApp('/m/abc123');
    expect(await screen.findByText('match abc123 play')).toBeTruthy();
    cleanup();
    await showApp('/m/abc123/watch');
    expect(await screen.findByText('match abc123 watch')).toBeTruthy();
    expect(chunk.loads).toBe(2);
  });

  it('a chunk that will not load says so and offers a reload', async () => {
    chunk.fail = true;
    vi.spyOn(console, 'error').mockImplementation(() => {});
    await showApp('/m/abc123');
    expect((await screen.findByRole('alert')).textContent).toBe('The page could not be loaded. Check your connection and reload.');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    vi.restoreAllMocks();
  });
});

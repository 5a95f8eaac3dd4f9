// @vitest-environment jsdom
/** The small pieces of undo and looking back: the Undo button and its keys, the pickable log, the history bar. */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { LogEntry } from '@kon/game';
import { I18nContext, translate } from '../src/i18n';
import { UndoButton } from '../src/games/kon/ui/UndoButton';
import { LogPanel } from '../src/games/kon/ui/Panels';
import { HistoryBar } from '../src/replay/HistoryBar';
import { parseRecord } from '../src/replay/record';

const wrap = (ui: React.ReactNode) =>
  render(<I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>{ui}</I18nContext.Provider>);

afterEach(() => cleanup());

describe('the Undo button', () => {
  it('undoes on click and on Ctrl+Z or Cmd+Z, but not while typing or while busy', () => {
    const onUndo = vi.fn();
    const { rerender } = wrap(
      <>
        <UndoButton onUndo={onUndo} busy={false} />
        <textarea aria-label="chat" />
      </>,
    );
    fireEvent.click(screen.getByRole('button', { name: /Undo/ }));
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'Z', metaKey: true });
    expect(onUndo).toHaveBeenCalledTimes(3);
    fireEvent.keyDown(screen.getByLabelText('chat'), { key: 'z', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true, shiftKey: true }); // redo is not undo
    fireEvent.keyDown(window, { key: 'z' });
    expect(onUndo).toHaveBeenCalledTimes(3);
    rerender(
      <I18nContext.Provider value={{ lang: 'en', t: (k, p) => translate('en', k, p), setLang: () => {} }}>
        <UndoButton onUndo={onUndo} busy={true} />
      </I18nContext.Provider>,
    );
    fireEvent.keyDown(window, { key: 'z', ctrlKey: true });
    expect(onUndo).toHaveBeenCalledTimes(3);
  });
});

describe('looking back from the log', () => {
  const log: LogEntry[] = [
    { round: 1, faction: 'germany', event: 'phase', data: { phase: 'combat' } },
    { round: 1, faction: 'norway', event: 'phase', data: { phase: 'combat' } },
  ];
  it('a click on an entry asks for the board after it; without onPick entries are plain text', () => {
    const onPick = vi.fn();
    wrap(<LogPanel log={log} onPick={onPick} />);
    const buttons = screen.getAllByRole('button');
    expect(buttons).toHaveLength(2);
    fireEvent.click(buttons[1]!); // newest first: the second button is entry 0
    expect(onPick).toHaveBeenCalledWith(0);
    cleanup();
    wrap(<LogPanel log={log} />);
    expect(screen.queryAllByRole('button')).toHaveLength(0);
  });

  it('the history bar says which entry is shown and leads back (also with Escape)', () => {
    const back = vi.fn();
    const at = { entry: 4, total: 9, move: 3, G: {} as never };
    wrap(<HistoryBar history={{ at, loading: null, failed: false, show: () => {}, back }} />);
    expect(screen.getByTestId('history-bar').textContent).toContain('log entry 5 of 9');
    fireEvent.click(screen.getByRole('button', { name: 'Back to the live game' }));
    fireEvent.keyDown(window, { key: 'Escape' });
    expect(back).toHaveBeenCalledTimes(2);
    cleanup();
    wrap(<HistoryBar history={{ at: null, loading: null, failed: false, show: () => {}, back }} />);
    expect(screen.queryByTestId('history-bar')).toBeNull();
  });
});

describe('a game record file', () => {
  it('is refused naming the field that is wrong', () => {
    const good = {
      format: 'kampen-om-norge/record',
      version: 1,
      matchID: 'x',
      plan: 'three',
      setupData: { ruleset: 'basic' },
      seed: 's',
      moves: [],
      result: null,
      finishedAt: 1,
    };
    expect(parseRecord(good).ok).toBe(true);
    const bad = parseRecord({ ...good, moves: [{ playerID: '7', move: 'move', args: [] }] });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.why).toContain('moves.0.playerID');
    expect(parseRecord({ ...good, format: 'chess' }).ok).toBe(false);
    expect(parseRecord('not an object').ok).toBe(false);
  });
});

describe('the replay viewer sees everything', () => {
  it('names every ship, face-down ones too, in an advanced game (the live views never do)', async () => {
    const { playRandomGame } = await import('./engine');
    const { revealedView } = await import('../src/replay/record');
    const { FleetPanel } = await import('../src/games/kon/ui/Fleet');
    const { Board } = await import('../src/games/kon/ui/Board');
    const { ship } = await import('@kon/game');
    let found: any = null;
    playRandomGame({
      seed: 3,
      setup: { ruleset: 'advanced' },
      maxActions: 3000,
      afterAction: (G) => {
        if (!found && G.ships.some((s) => !s.faceUp) && !G.april9) found = structuredClone(G);
      },
    });
    expect(found).not.toBeNull();
    const view = revealedView(found);
    const faceDown = found.ships.filter((s: any) => !s.faceUp);
    wrap(
      <>
        <Board G={view} />
        <FleetPanel G={view} />
      </>,
    );
    const text = screen.getByTestId('fleet').textContent ?? '';
    for (const s of faceDown) expect(text).toContain(ship(s.id).name);
    expect(view.hands.germany).toEqual(found.hands.germany);
  });
});

// @vitest-environment jsdom
/** A win–loss record as the leaderboard and the profile pages show it: draws only when there are any. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { WinLoss } from '../src/matchmaking/shared';

afterEach(cleanup);

describe('WinLoss', () => {
  it('shows wins–losses, and the draws in brackets only when there are some', () => {
    expect(render(<WinLoss wins={7} losses={3} draws={0} />).container.textContent).toBe('7–3');
    cleanup();
    expect(render(<WinLoss wins={0} losses={1} draws={2} />).container.textContent).toBe('0–1 (2)');
  });
});

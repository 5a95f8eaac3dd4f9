// @vitest-environment jsdom
/** A win–loss record and a rating's cells as the leaderboard and the profile pages show them: draws only when there are any. */
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { RatingCells, RatingHeads, WinLoss } from '../src/matchmaking/shared';

afterEach(cleanup);

describe('WinLoss', () => {
  it('shows wins–losses, and the draws in brackets only when there are some', () => {
    expect(render(<WinLoss wins={7} losses={3} draws={0} />).container.textContent).toBe('7–3');
    cleanup();
    expect(render(<WinLoss wins={0} losses={1} draws={2} />).container.textContent).toBe('0–1 (2)');
  });
});

describe('RatingHeads and RatingCells', () => {
  it('head and fill the rating, games and record columns of a row', () => {
    const { container } = render(
      <table>
        <thead>
          <tr>
            <RatingHeads />
          </tr>
        </thead>
        <tbody>
          <tr>
            <RatingCells rating={1234.56} games={11} wins={7} losses={3} draws={1} />
          </tr>
        </tbody>
      </table>,
    );
    expect([...container.querySelectorAll('th')].length).toBe(3);
    expect([...container.querySelectorAll('td')].map((td) => td.textContent)).toEqual(['1234.6', '11', '7–3 (1)']);
  });
});

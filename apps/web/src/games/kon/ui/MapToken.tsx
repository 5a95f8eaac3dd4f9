/** A stack on the map: the faction's token with its count and letter. */
import type { Faction } from '@kon/game';
import { TokenShape } from '../../../ui/FactionBadge';

export function Token({
  faction,
  count,
  x,
  y,
  r = 11,
  dim = false,
  letter,
}: {
  faction: Faction;
  count: number;
  x: number;
  y: number;
  r?: number;
  dim?: boolean;
  letter: string;
}) {
  return (
    <g transform={`translate(${x},${y})`} opacity={dim ? 0.55 : 1} className="token">
      <TokenShape faction={faction} r={r} />
      <text className="token-count" y={r * 0.38} fontSize={r * 1.1}>
        {count}
      </text>
      <text className="token-letter" x={r * 0.95} y={-r * 0.75} fontSize={r * 0.62}>
        {letter}
      </text>
    </g>
  );
}

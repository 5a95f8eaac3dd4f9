/**
 * The advanced game's ships: a ship card chip (name, type, dice table), the stacks of each sea zone
 * and of the raiding box, and the reserves. Another faction's face-down ship is shown only as a
 * counter: the view this reads has no identity for it (`id: null`).
 */
import { FACTIONS, SEA_ZONES, type Faction, type FactionView } from '@kon/game';
import { useI18n } from '../../../i18n';
import { faces, reserveCounts, shipInfo, shipStacks, type StackView } from '../game/ships';
import { FactionBadge } from './Pieces';

export function ShipChip({
  id,
  faceUp,
  compact = false,
  children,
}: {
  id: string;
  faceUp?: boolean;
  compact?: boolean;
  children?: React.ReactNode;
}) {
  const { t, lang } = useI18n();
  const s = shipInfo(id, lang);
  const dice = s.dummy
    ? t('ship.dummy')
    : [s.sink.length ? t('ship.sink', { faces: faces(s.sink) }) : '', s.chase.length ? t('ship.chase', { faces: faces(s.chase) }) : '']
        .filter(Boolean)
        .join(' · ');
  return (
    <span
      className={`ship-chip f-${s.faction} type-${s.type} ${faceUp === false ? 'face-down' : ''}`}
      data-ship={id}
      title={faceUp === false ? `${t('fleet.yourFaceDown')} – ${s.text}` : s.text}
    >
      <span className="ship-name">{s.name}</span>
      <span className="ship-type">{s.typeName}</span>
      {faceUp === false && <span className="sr-only">{t('fleet.yourFaceDown')}</span>}
      {!compact && (
        <span className="ship-dice">
          {dice}
          {!s.dummy && s.voids > 0 && <> · {t('ship.voids', { n: s.voids })}</>}
        </span>
      )}
      {children}
    </span>
  );
}

/** Another faction's face-down ships: a counter, never a name. */
export function HiddenShips({ owner, n }: { owner: Faction; n: number }) {
  const { t } = useI18n();
  return (
    <span className={`ship-counter f-${owner}`} data-hidden-ships={n} title={t('fleet.faceDown', { n })}>
      <svg viewBox="0 0 24 12" width="22" height="11" aria-hidden>
        <path d="M1 4 H23 L19 11 H5 Z" />
      </svg>
      {t('fleet.faceDown', { n })}
    </span>
  );
}

function Stack({ stack }: { stack: StackView }) {
  return (
    <li className="fleet-stack" data-owner={stack.owner}>
      <FactionBadge faction={stack.owner} />
      <span className="fleet-ships">
        {stack.known.map((k) => (
          <ShipChip key={k.id} id={k.id} faceUp={k.faceUp} compact />
        ))}
        {stack.hidden > 0 && <HiddenShips owner={stack.owner} n={stack.hidden} />}
      </span>
    </li>
  );
}

/** Every place with ships: sea zones I–VIII, then the raiding box. */
export function ShipStacks({ G }: { G: FactionView }) {
  const { t } = useI18n();
  const stacks = shipStacks(G);
  const places = [...SEA_ZONES, 'raid'].filter((p) => stacks.some((s) => s.at === p));
  if (places.length === 0) return <p className="muted small">{t('fleet.empty')}</p>;
  const ownFaceDown = stacks.some((s) => s.known.some((k) => !k.faceUp));
  return (
    <div className="fleet-places">
      {ownFaceDown && (
        <p className="muted small fleet-key">
          <span className="ship-chip face-down key-swatch" aria-hidden /> {t('fleet.faceDownKey')}
        </p>
      )}
      {places.map((p) => (
        <section key={p} className={`fleet-place ${p === 'raid' ? 'raid-box' : ''}`} data-place={p}>
          <h4>{p === 'raid' ? t('fleet.raid') : t('fleet.zone', { zone: p })}</h4>
          <ul>
            {FACTIONS.map((f) => stacks.find((s) => s.at === p && s.owner === f))
              .filter(Boolean)
              .map((s) => (
                <Stack key={s!.owner} stack={s!} />
              ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

/** The viewer's own reserve by name; the others' as counts. */
export function Reserves({ G }: { G: FactionView }) {
  const { t } = useI18n();
  const counts = reserveCounts(G);
  const own = G.viewer;
  const drawn = own === 'allies' ? (G.april9?.alliedDrawn ?? []) : [];
  const mine = own ? (G.shipReserve?.[own] ?? []).filter((id) => !drawn.includes(id)) : [];
  return (
    <div className="fleet-reserves" data-testid="reserves">
      {drawn.length > 0 && (
        <div className="reserve-own">
          <h4>{t('fleet.drawn')}</h4>
          <div className="ship-list">
            {drawn.map((id) => (
              <ShipChip key={id} id={id} />
            ))}
          </div>
        </div>
      )}
      {own && mine.length > 0 && (
        <details className="reserve-own" open={G.april9?.step === 'ships'}>
          <summary>{t('fleet.yourReserve', { n: mine.length })}</summary>
          <div className="ship-list">
            {mine.map((id) => (
              <ShipChip key={id} id={id} />
            ))}
          </div>
        </details>
      )}
      <ul className="reserve-counts">
        {FACTIONS.filter((f) => f !== own).map((f) => (
          <li key={f} data-reserve={f}>
            {t('fleet.reserveCount', { f: t(`faction.${f}`), n: counts[f] })}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function FleetPanel({ G }: { G: FactionView }) {
  const { t } = useI18n();
  const sunk = G.shipsGone?.sunk ?? [];
  return (
    <section className="panel fleet-panel" aria-label={t('fleet.title')} data-testid="fleet">
      <h3>{t('fleet.title')}</h3>
      <ShipStacks G={G} />
      <Reserves G={G} />
      {(sunk.length > 0 || (G.shipsGone?.removed.length ?? 0) > 0) && (
        <p className="muted small">
          {t('fleet.gone', {
            sunk: sunk.length ? sunk.map((id) => shipInfo(id, 'en').name).join(', ') : '0',
            removed: G.shipsGone.removed.length,
          })}
        </p>
      )}
    </section>
  );
}

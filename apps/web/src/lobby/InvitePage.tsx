/** The page a host lands on after creating a match: the seat links and the spectator link to send. */
import { useEffect, useState } from 'react';
import { api, remembered, seatLink, spectatorLink, type MatchInfo } from '../api';
import { useI18n } from '../i18n';
import { RulesetTag, SeatBadges, TopBar } from '../ui/Chrome';
import { CopyField } from '../ui/CopyField';
import { DEFAULT_GAME, useGames } from './GameChoice';

function SeatClaim({ seat }: { seat: MatchInfo['seats'][number] | undefined }) {
  const { t } = useI18n();
  if (!seat) return null;
  const holder = seat.members.find((m) => m.role === 'holder') ?? seat.members[0];
  return (
    <span className={`muted small seat-claim ${holder ? 'taken' : 'open'}`} data-claimed={holder ? 'true' : 'false'}>
      {holder ? t('invite.taken', { name: holder.name }) : t('invite.open')}
    </span>
  );
}

export function InvitePage({ matchID, navigate, prefetch }: { matchID: string; navigate: (to: string) => void; prefetch: () => void }) {
  const { t, lang } = useI18n();
  const r = remembered(matchID);
  const origin = window.location.origin;
  useEffect(prefetch, [prefetch]);
  // A match of another game carries that game's name in the top bar (the site's is Kampen om Norge's).
  const listed = useGames();
  const gameName = r?.game && r.game !== DEFAULT_GAME ? (listed?.find((g) => g.id === r.game)?.name[lang] ?? '') : undefined;
  // Which seats are taken (a taken link only shows the board now); the server pushes nothing here, so read once.
  const [info, setInfo] = useState<MatchInfo | null>(null);
  const tok = r?.member?.credentials;
  useEffect(() => {
    if (tok) api.get(matchID, tok).then(setInfo, () => {});
  }, [matchID, tok]);
  return (
    <div className="page">
      <TopBar navigate={navigate} title={gameName} />
      <main className="narrow">
        <section className="panel">
          <h1>{t('invite.title')}</h1>
          {r?.ruleset && <RulesetTag ruleset={r.ruleset} scenario={r.scenario} />}
          <p>{t('invite.intro')}</p>
          {!r?.links && <p className="error">{t('invite.missing')}</p>}
          {r?.links?.seats.map((s) => (
            <CopyField
              key={s.seat}
              testId={`invite-${s.seat}`}
              label={
                <>
                  <SeatBadges seat={s.seat} /> {r.member?.seat === s.seat && <em className="tag">{t('invite.yours')}</em>}{' '}
                  {r.member?.seat !== s.seat && <SeatClaim seat={info?.seats.find((x) => x.seat === s.seat)} />}
                </>
              }
              value={seatLink(origin, matchID, s.token)}
            />
          ))}
          {r?.links && (
            <CopyField
              testId="invite-spectator"
              label={t('invite.spectator')}
              hint={t('invite.spectator.hint')}
              value={spectatorLink(origin, matchID, r.links.spectator)}
            />
          )}
          {/* A creator who only watches holds no seat: the match opens as the spectators see it. */}
          <button
            type="button"
            className="primary big"
            onClick={() => navigate(r?.member ? `/m/${matchID}` : `/m/${matchID}/watch`)}
            data-action="to-match"
          >
            {t('invite.toMatch')}
          </button>
        </section>
      </main>
    </div>
  );
}

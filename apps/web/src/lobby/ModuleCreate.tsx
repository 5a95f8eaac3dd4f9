/**
 * Creating a match of a game other than Kampen om Norge: its seat plans by number of players, the
 * creator's seat, who plays each other seat (a person by invite link, or one of the game's computer
 * players), time controls (at zero only what the game allows), public or private. The game's own
 * set-up is its default.
 */
import { useState, type FormEvent } from 'react';
import { api, remember, saveName, savedName, type GameInfo, type Plan, type SeatBots, type SeatKey } from '../api';
import { useI18n } from '../i18n';
import { botsForPlan, OpponentChoices } from '../ui/ComputerSeats';
import { ClockChoice, clockSettings, DEFAULT_CLOCK, type ClockDraft } from '../ui/ClockChoice';
import { VisibilityChoice } from './PublicMatches';
import { ChoiceGroup, NameField } from '../ui/FormParts';
import { LearnThisGame } from '../lessons/LearnToPlay';
import { apiErrorText } from '../refusal-text';

export function ModuleCreate({ game, navigate }: { game: GameInfo; navigate: (to: string) => void }) {
  const { t, lang } = useI18n();
  const [name, setName] = useState(savedName);
  const [plan, setPlan] = useState<Plan>(game.plans[0]!.plan);
  const seats = game.plans.find((p) => p.plan === plan)?.seats ?? [];
  const [seat, setSeat] = useState<SeatKey>(seats[0]!);
  const [visibility, setVisibility] = useState<'private' | 'public'>('private');
  const [bots, setBots] = useState<SeatBots>({});
  const [clock, setClock] = useState<ClockDraft>({ ...DEFAULT_CLOCK, atZero: game.atZero[0] ?? 'pass' });
  const timing = clockSettings(clock);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mine = seats.includes(seat) ? seat : seats[0]!;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!name.trim() || !timing) return;
    setBusy(true);
    setError(null);
    try {
      saveName(name.trim());
      const chosen = botsForPlan(bots, seats, mine);
      const created = await api.createGame(game.id, plan, visibility, Object.keys(chosen).length ? chosen : undefined, timing);
      remember(created.matchID, { links: created.links, createdAt: Date.now(), game: game.id });
      const token = created.links.seats.find((s) => s.seat === mine)?.token;
      if (!token) throw new Error('no seat');
      remember(created.matchID, { member: await api.join(created.matchID, token, name.trim()) });
      // With the computer in every other seat there is nobody to invite: straight to the game.
      navigate(created.links.seats.length > 1 ? `/m/${created.matchID}/invite` : `/m/${created.matchID}`);
    } catch (err) {
      setError(apiErrorText(t, err));
      setBusy(false);
    }
  };

  return (
    <form className="panel create-form" onSubmit={submit} aria-label={t('games.create', { name: game.name[lang] })} data-game={game.id}>
      <h2>{t('games.create', { name: game.name[lang] })}</h2>
      <p className="muted small" data-testid="create-summary">
        {game.summary[lang]} ({t('games.players', game.players)})
      </p>
      <LearnThisGame game={game} navigate={navigate} />
      <NameField value={name} onChange={setName} />
      <ChoiceGroup
        legend={t('games.plan')}
        name="plan"
        options={game.plans.map((p) => ({ value: p.plan, title: t('games.plan.n', { n: p.seats.length }) }))}
        value={plan}
        onChange={setPlan}
      />
      <fieldset>
        <legend>{t('games.seat')}</legend>
        <div className="seat-choices">
          {seats.map((s, i) => (
            <label key={s} className={`seat-choice ${mine === s ? 'checked' : ''}`}>
              <input type="radio" name="seat" value={s} checked={mine === s} onChange={() => setSeat(s)} />
              <span>{t('games.seat.n', { n: i + 1 })}</span>
            </label>
          ))}
        </div>
      </fieldset>
      {game.bots.length > 0 && <OpponentChoices seats={seats} mine={mine} bots={bots} onChange={setBots} strengths={game.bots} />}
      <ClockChoice value={clock} onChange={setClock} atZeroChoices={game.atZero} />
      <VisibilityChoice value={visibility} onChange={setVisibility} />
      {error && <p className="error">{error}</p>}
      <button type="submit" className="primary big" disabled={busy || !name.trim() || !timing}>
        {busy ? t('home.creating') : t('home.submit')}
      </button>
      {!name.trim() && <p className="muted small create-blocked">{t('home.needName')}</p>}
    </form>
  );
}

/**
 * The Deres board's own words (the table DERES_STRINGS, i18n-deres.ts, listed in DICTIONARIES) by
 * their short names, each read through t() in the page's language.
 */
import { useMemo } from 'react';
import { useI18n } from '../../i18n';
import { DERES_STRINGS } from './i18n-deres';

type Key = keyof typeof DERES_STRINGS.en;
type Short<K> = K extends `deres.${infer S}` ? S : never;
/** The board's words by their short names (`w.submit`), in the page's language. */
export type Words = Record<Exclude<Short<Key>, 'playerN'>, string> & { playerN(n: number): string };

const SHORT = (Object.keys(DERES_STRINGS.en) as Key[]).map((k) => k.slice('deres.'.length) as Short<Key>);

/** The board's words in the page's language, each looked up with t(). */
export function useDeresWords(): Words {
  const { t } = useI18n();
  return useMemo(() => {
    const w = Object.fromEntries(SHORT.map((k) => [k, t(`deres.${k}` as Key)])) as Record<string, string>;
    return { ...w, playerN: (n: number) => t('deres.playerN', { n }) } as Words;
  }, [t]);
}

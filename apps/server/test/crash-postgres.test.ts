// @module-tag slow: left out of npm run test:quick (see vitest.config.ts)
/** kill -9 during play and between two snapshots, with the PostgreSQL store (the cases: crash-cases.ts). */
import { killBetweenSnapshots, killDuringPlay } from './crash-cases';

killDuringPlay('postgres');
killBetweenSnapshots('postgres');

import { lazy } from 'react';

// One chunk for every chart (charts.tsx, ~3 KB gzip), fetched with the first chart that renders.
const load = () => import('./charts');
export const StatusChart = lazy(() => load().then((m) => ({ default: m.StatusChart })));
export const StackedChart = lazy(() => load().then((m) => ({ default: m.StackedChart })));
export const RankingChart = lazy(() => load().then((m) => ({ default: m.RankingChart })));

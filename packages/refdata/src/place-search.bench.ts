// `npm run bench`: how fast the place index answers, on the committed data. Prints figures; never fails.
import { performance } from 'node:perf_hooks';
import { loadGazetteer, loadRefdata } from './index';

const KEYWORDS = [
  '北京',
  '上海虹桥',
  'sha',
  'SHA',
  'bjp',
  'bj',
  'xian',
  '西安',
  'hkg',
  'lon',
  'nyc',
  'beijing',
  'guangzhou',
  'sz',
  'chengdu',
  'tokyo',
  'new york',
  'lond',
  'pvg',
  'can',
  '深圳北',
  'hangzhou',
  'h',
  'shang',
  'xia',
  'sing',
  'dubai',
  'frankfurt',
  '0012',
  'los',
  'kunming',
  'wuhan',
  'g',
  '南',
  'nj',
  'cq',
  'paris',
  'seoul',
  'bangkok',
  'syd',
  '王府井',
  'wangfujing',
  '陆家嘴',
  '国贸',
  'tiananmen',
  '海淀',
  'springfield',
  'san',
];

const loadStart = performance.now();
const refdata = loadRefdata();
const gazetteer = loadGazetteer();
const loadMs = performance.now() - loadStart;
/** What `GET /api/place` does for a keyword: the places and the gazetteer's addresses and landmarks. */
const query = (keyword: string, language: 'en' | 'zh-CN') => {
  refdata.places.searchScored(keyword, language, 10);
  gazetteer.search(keyword, 5);
};
const heapMb = process.memoryUsage().heapUsed / 2 ** 20;

for (let i = 0; i < 2_000; i++) query(KEYWORDS[i % KEYWORDS.length] as string, 'en');

const ROUNDS = 500;
const timings: number[] = [];
const start = performance.now();
for (let round = 0; round < ROUNDS; round++) {
  for (const keyword of KEYWORDS) {
    const t0 = performance.now();
    query(keyword, round % 2 ? 'zh-CN' : 'en');
    timings.push(performance.now() - t0);
  }
}
const totalMs = performance.now() - start;
timings.sort((a, b) => a - b);
const pct = (p: number) =>
  (timings[Math.min(timings.length - 1, Math.floor((p / 100) * timings.length))] ?? 0).toFixed(3);

console.log(
  `place index: ${refdata.places.size} places and ${gazetteer.size} gazetteer entries, loaded and indexed in ${loadMs.toFixed(0)} ms, heap ${heapMb.toFixed(0)} MB`,
);
console.log(`queries: ${timings.length} (${KEYWORDS.length} keywords × ${ROUNDS}, en and zh-CN)`);
console.log(`throughput: ${Math.round(timings.length / (totalMs / 1000))} queries/s on one core`);
console.log(`latency ms: p50 ${pct(50)}  p95 ${pct(95)}  p99 ${pct(99)}  max ${pct(100)}`);
console.log(`p95 vs the 5 ms budget: ${(5 / Number(pct(95))).toFixed(0)}× headroom`);

import { describe, expect, it } from 'vitest';
import { longTasksOf } from '../../scripts/bench/long-tasks';

const url = 'http://127.0.0.1:4173/feed';
const at = (ms: number) => 5_000_000 + ms * 1000;
const onMain = { pid: 7, tid: 1, cat: 'devtools.timeline', ph: 'X' };

/** A made-up trace: a long task before FCP, one after with nested script work, a short one after. */
const events = [
  {
    ...onMain,
    name: 'navigationStart',
    ph: 'R',
    ts: at(0),
    args: { data: { documentLoaderURL: url } },
  },
  { ...onMain, name: 'firstContentfulPaint', ph: 'R', ts: at(300) },
  { ...onMain, name: 'RunTask', ts: at(100), dur: 70_000 },
  { ...onMain, name: 'RunTask', ts: at(400), dur: 120_000 },
  {
    ...onMain,
    name: 'EvaluateScript',
    ts: at(405),
    dur: 90_000,
    args: { data: { url: `${url}/assets/shell-abc.js` } },
  },
  {
    ...onMain,
    name: 'FunctionCall',
    ts: at(420),
    dur: 25_000,
    args: { data: { url: 'x/react-dom.js', functionName: 'render' } },
  },
  { ...onMain, name: 'RunTask', ts: at(700), dur: 40_000 },
  // Another renderer's long task is not the page's.
  { ...onMain, pid: 8, name: 'RunTask', ts: at(800), dur: 500_000 },
];

describe('longTasksOf', () => {
  it("lists the page's long tasks with their parts' self times, and sums what is over 50 ms after FCP", () => {
    const load = longTasksOf(events, url);
    expect(load.fcpMs).toBe(300);
    expect(load.tasks.map((task) => [task.startMs, task.durationMs])).toEqual([
      [100, 70],
      [400, 120],
    ]);
    expect(load.tasks[1].inside).toEqual([
      { what: 'EvaluateScript shell-abc.js', selfMs: 65 },
      { what: '(task itself)', selfMs: 30 },
      { what: 'FunctionCall react-dom.js render', selfMs: 25 },
    ]);
    expect(load.blockingAfterFcpMs).toBe(70);
  });
});

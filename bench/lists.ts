/**
 * Lists and searches under load, each beside a bare Fastify route serving the same bytes.
 *
 * The seeded data set (bench/lib/seed.ts) on a fresh database; the real server in its own
 * process; every list's pages are fetched once to capture the exact answers, which a bare
 * Fastify process then serves by path; autocannon (its own process) runs `connections`
 * connections for `seconds` against the bare route, then against the server, cycling through
 * the same paths (deep pages included). With `before` (another commit's build, see
 * `buildServerAt`) that server runs on the same database too, measured right after the bare
 * route. Goals (issue 25): at least 15 % of the bare route's req/s and a p99 of at most 100 ms.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { fixed, login, mark, table } from './lib/report';
import {
  ADMIN_USERNAME,
  PASSWORD,
  PER_TEACHER,
  STUDENTS,
  TEACHERS,
  examId,
  seed,
  studentId,
  studentUsername,
  teacherUsername,
} from './lib/seed';
import { load, type LoadResult, type Running, startBare, startServer } from './lib/server';
import { type DbKind, prepareTarget } from './lib/targets';

export interface ListsOptions {
  connections: number;
  seconds: number;
  /** Only the scenarios whose name contains this. */
  only?: string;
  /** Write a CPU profile of the server (node --cpu-prof) into this folder. */
  cpuProfDir?: string;
  /** `main.js` of another commit's build, measured beside this tree's. */
  before?: { label: string; main: string };
}

const GOAL_RATIO = 15;
const GOAL_P99 = 100;

interface Scenario {
  name: string;
  token: string;
  paths: string[];
}

const PAGE = 'page_size=20';
const range = (n: number, step = 1) => Array.from({ length: Math.ceil(n / step) }, (_, i) => i * step);
const q = (s: string) => encodeURIComponent(s);
const SEARCHES = ['ов', 'ёлк', 'ЕЛК', 'алёна', 'петр', 'student42', 'ев', 'семенов', 'кир'];

function scenarios(admin: string, teacher: string, student: string): Scenario[] {
  const lastStudentPage = Math.ceil(STUDENTS / 20) - 1;
  const studentPages = [...range(lastStudentPage, 10), lastStudentPage];
  const searches = (base: string, terms: string[]) =>
    terms.flatMap((t) =>
      [0, 1, 2].map((p) => `${base}/search?${PAGE}&page_number=${p}&search_string=${q(t)}`),
    );
  return [
    {
      name: 'admin students, pages 0–499',
      token: admin,
      paths: studentPages.map((p) => `/api/admin/students?${PAGE}&page_number=${p}`),
    },
    { name: 'admin students, search', token: admin, paths: searches('/api/admin/students', SEARCHES) },
    {
      name: 'admin teachers, pages 0–24',
      token: admin,
      paths: range(TEACHERS / 20).map((p) => `/api/admin/teachers?${PAGE}&page_number=${p}`),
    },
    { name: 'admin teachers, search', token: admin, paths: searches('/api/admin/teachers', SEARCHES) },
    {
      name: 'admin logins of a user',
      token: admin,
      paths: range(50).map((s) => `/api/admin/metrics/logins/${studentId(s * 97)}?${PAGE}&page_number=0`),
    },
    ...(['exams', 'tasks', 'variants'] as const).flatMap((list) => [
      { name: `teacher ${list}`, token: teacher, paths: [`/api/teacher/${list}?${PAGE}&page_number=0`] },
      {
        name: `teacher ${list}, search`,
        token: teacher,
        paths: searches(`/api/teacher/${list}`, ['англ', 'ё', '1']),
      },
    ]),
    { name: 'teacher students', token: teacher, paths: [`/api/teacher/students?${PAGE}&page_number=0`] },
    {
      name: 'teacher all students, pages 0–499',
      token: teacher,
      paths: studentPages.map((p) => `/api/teacher/students/global?${PAGE}&page_number=${p}`),
    },
    {
      name: 'teacher all students, search',
      token: teacher,
      paths: searches('/api/teacher/students/global', SEARCHES),
    },
    {
      name: 'exam recordings (statistics)',
      token: teacher,
      paths: range(PER_TEACHER).map(
        (e) => `/api/teacher/exam/${examId(0, e)}/statistics?${PAGE}&page_number=0`,
      ),
    },
    { name: 'student audios', token: student, paths: [`/api/student/audios?${PAGE}&page_number=0`] },
    { name: 'student audios, search', token: student, paths: searches('/api/student/audios', ['экз', 'ё']) },
    { name: 'student exams', token: student, paths: [`/api/student/exams?${PAGE}&page_number=0`] },
    // Not a list: the access check's one statement and nothing else, the floor under every list.
    { name: 'access check alone (role)', token: student, paths: ['/api/auth/role'] },
  ];
}

/** A load's result with the server's CPU time per answered request (µs), which the machine's load moves less than req/s. */
type Measured = LoadResult & { cpuUsPerRequest: number };

export interface ListFigure {
  name: string;
  bare: LoadResult;
  before?: Measured;
  real: Measured;
}

async function measured(server: Running, options: Parameters<typeof load>[0]): Promise<Measured> {
  const cpu = server.cpuUs();
  const result = await load(options);
  return { ...result, cpuUsPerRequest: (server.cpuUs() - cpu) / Math.max(1, result.requests) };
}

export async function runLists(kind: DbKind, options: ListsOptions): Promise<ListFigure[]> {
  const target = await prepareTarget(kind);
  try {
    const seeded = await seed(target);
    console.log(
      `\n## lists on ${kind}: seeded ${JSON.stringify(seeded.counts)} in ${fixed(seeded.seconds, 1)} s`,
    );
    const nodeArgs: string[] = [];
    if (options.cpuProfDir) {
      await fs.mkdir(options.cpuProfDir, { recursive: true });
      nodeArgs.push('--cpu-prof', `--cpu-prof-dir=${path.resolve(options.cpuProfDir)}`);
    }
    // The list is measured, not the limit on how many pages of all students a teacher may read
    // in an hour (300 by default, an anti-enumeration rule): it would answer 429 to most requests.
    const env = { ...target.env, GLOBAL_SEARCH_PER_HOUR: '100000000' };
    const server = await startServer(env, nodeArgs);
    const dir = await fs.mkdtemp(path.join(target.dataDir, 'bare-'));
    let bare: Awaited<ReturnType<typeof startBare>> | undefined;
    let before: Awaited<ReturnType<typeof startServer>> | undefined;
    try {
      const admin = await login(server.origin, ADMIN_USERNAME, PASSWORD);
      const teacher = await login(server.origin, teacherUsername(0), PASSWORD);
      const student = await login(server.origin, studentUsername(0), PASSWORD);
      const chosen = scenarios(admin, teacher, student).filter(
        (s) => !options.only || s.name.includes(options.only),
      );
      // The same tokens work on both: they share the database and its JWT secret.
      if (options.before) before = await startServer(env, [], { main: options.before.main });

      // The exact answers, so that the bare route serves the same bytes.
      const bodies: Record<string, string> = {};
      for (const scenario of chosen) {
        for (const p of scenario.paths) {
          const res = await fetch(server.origin + p, {
            headers: { authorization: `Bearer ${scenario.token}` },
          });
          const body = await res.text();
          if (!res.ok) throw new Error(`${p}: ${res.status} ${body}`);
          bodies[p] = body;
        }
      }
      const bodiesFile = path.join(dir, 'bodies.json');
      await fs.writeFile(bodiesFile, JSON.stringify(bodies));
      bare = await startBare(bodiesFile);

      const figures: ListFigure[] = [];
      for (const scenario of chosen) {
        const common = { paths: scenario.paths, connections: options.connections, seconds: options.seconds };
        const headers = { authorization: `Bearer ${scenario.token}` };
        const ref = await load({ ...common, origin: bare.origin });
        const old = before
          ? await measured(before, { ...common, origin: before.origin, headers })
          : undefined;
        const real = await measured(server, { ...common, origin: server.origin, headers });
        figures.push({ name: scenario.name, bare: ref, before: old, real });
        console.log(
          `  ${scenario.name}: ${fixed(real.rps)} req/s vs bare ${fixed(ref.rps)} ` +
            `(${fixed((100 * real.rps) / ref.rps)} %), p99 ${real.p99} ms` +
            `, ${fixed(real.cpuUsPerRequest)} µs CPU a request` +
            (old
              ? `; ${options.before!.label}: ${fixed(old.rps)} req/s, p99 ${old.p99} ms, ${fixed(old.cpuUsPerRequest)} µs`
              : ''),
        );
      }
      console.log(
        '\n' +
          table(
            [
              'list',
              'bare req/s',
              ...(options.before ? [`${options.before.label}: req/s, ratio, p99, µs CPU`] : []),
              'req/s',
              `ratio ≥ ${GOAL_RATIO} %`,
              'p50 ms',
              `p99 ms ≤ ${GOAL_P99}`,
              'µs CPU a request',
              'non-2xx',
            ],
            figures.map((f) => {
              const ratio = (100 * f.real.rps) / f.bare.rps;
              const old = f.before;
              return [
                f.name,
                fixed(f.bare.rps),
                ...(old
                  ? [
                      `${fixed(old.rps)}, ${fixed((100 * old.rps) / f.bare.rps)} %, ${old.p99} ms, ${fixed(old.cpuUsPerRequest)} µs`,
                    ]
                  : []),
                fixed(f.real.rps),
                `${fixed(ratio)} % ${mark(ratio >= GOAL_RATIO)}`,
                f.real.p50,
                `${f.real.p99} ${mark(f.real.p99 <= GOAL_P99)}`,
                fixed(f.real.cpuUsPerRequest),
                f.real.non2xx + f.real.errors + (old ? old.non2xx + old.errors : 0),
              ];
            }),
          ) +
          `\nserver RSS after the run: ${fixed(server.rssMb())} MB (peak ${fixed(server.peakRssMb())} MB)`,
      );
      return figures;
    } finally {
      await bare?.stop();
      await before?.stop();
      await server.stop();
    }
  } finally {
    await target.cleanup();
  }
}

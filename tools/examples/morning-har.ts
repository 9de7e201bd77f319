/**
 * Writes examples/capacity/morning.har: a made-up morning of one company's integrations, as a recording
 * tool would export it, for the capacity page's measured baseline. From 08:00 to 12:00 UTC:
 * - a CRM syncs every 15 minutes: it walks its contacts (3 pages of 100) and edits 12 of them;
 * - it polls the call history every minute;
 * - a wallboard reads the Dialer's campaign list every 20 seconds.
 * The answers are of the shapes the spec gives, so observing the capture judges its rules and fails none.
 * The key pair is an example's, no account's. Usage: node --import tsx tools/examples/morning-har.ts
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { harLog, madeUpEntry } from '../../lib/http/har.ts';

const CORE = 'https://api.example.com/api';
const AI = 'https://ai.example.com/v1';
const AUTH = `Basic ${Buffer.from('example-crm-key:example-secret').toString('base64')}`;
const START = Date.UTC(2026, 8, 8, 8, 0, 0);
const HOURS = 4;
const CONTACTS = 250;
const PAGE = 100;

interface Sent {
  readonly at: number;
  readonly method: string;
  readonly url: string;
  readonly body?: unknown;
  readonly status: number;
  readonly answer: unknown;
}

const sent: Sent[] = [];
const minute = 60_000;

for (let m = 0; m < HOURS * 60; m++) {
  const at = START + m * minute;
  // The call history, polled once a minute, a few seconds into it.
  sent.push({
    at: at + 4_000,
    method: 'GET',
    url: `${CORE}/calls/index.json?limit=50`,
    status: 200,
    answer: { responseData: { itemsCount: 0, pageCount: 0, pageNumber: 1, limit: 50, data: [] } },
  });
  for (let s = 0; s < 3; s++)
    sent.push({
      at: at + 7_000 + s * 20_000,
      method: 'GET',
      url: `${AI}/dialer/campaigns?limit=10`,
      status: 200,
      answer: { data: [], meta: { nextCursor: null } },
    });
  if (m % 15 !== 0) continue;
  for (let page = 1; page <= Math.ceil(CONTACTS / PAGE); page++) {
    const data = Array.from({ length: Math.min(PAGE, CONTACTS - (page - 1) * PAGE) }, (_, i) => ({ id: (page - 1) * PAGE + i + 1 }));
    sent.push({
      at: at + 10_000 + page * 1_500,
      method: 'GET',
      url: `${CORE}/contacts/index.json?limit=${PAGE}&page=${page}`,
      status: 200,
      answer: { responseData: { itemsCount: CONTACTS, pageCount: Math.ceil(CONTACTS / PAGE), pageNumber: page, limit: PAGE, data } },
    });
  }
  for (let e = 0; e < 12; e++) {
    const id = (((m / 15) * 12 + e) % CONTACTS) + 1;
    sent.push({
      at: at + 16_000 + e * 2_500,
      method: 'POST',
      url: `${CORE}/contacts/edit/${id}.json`,
      body: { title: 'Dr.' },
      status: 200,
      answer: { responseData: { status: 200 } },
    });
  }
}

const entries = sent.map((s) =>
  madeUpEntry({ ...s, headers: { authorization: AUTH, accept: 'application/json' }, durationMs: 42, credentials: "an example's key pair" }),
);
const file = fileURLToPath(new URL('../../examples/capacity/morning.har', import.meta.url));
writeFileSync(file, `${JSON.stringify(harLog(entries))}\n`);
process.stdout.write(`${file}: ${entries.length} entries\n`);

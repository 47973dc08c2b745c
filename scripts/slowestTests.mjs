#!/usr/bin/env node
// The slowest test files of a jest --json report, slowest first:
//   node scripts/slowestTests.mjs .ci/out/jest.json [how many, default 10]
import { readFileSync } from 'node:fs';
import path from 'node:path';

const [report, count = '10'] = process.argv.slice(2);
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const files = testResults
  .map(({ name, startTime, endTime, status }) => ({
    file: path.relative(process.cwd(), name),
    seconds: (endTime - startTime) / 1000,
    status,
  }))
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, Number(count));
for (const { file, seconds, status } of files) {
  console.log(`${seconds.toFixed(1).padStart(7)} s  ${file}${status === 'passed' ? '' : `  (${status})`}`);
}

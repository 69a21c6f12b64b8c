'use strict';
// Bench-only preload (`node --require bench/usage.cjs …`): when the process exits, writes its own
// resource usage (peak RSS, CPU time) as JSON to the file named by ARIA_BENCH_USAGE, so a whole
// process (the CLI) is measured from inside without a platform's `time` command.
const fs = require('node:fs');

const file = process.env.ARIA_BENCH_USAGE;
if (file) process.on('exit', () => fs.writeFileSync(file, JSON.stringify(process.resourceUsage())));

// eslint-disable-next-line no-restricted-imports -- the one place that imports zod's value and configures it
import { z } from 'zod';

// zod 4 probes for `new Function` when it builds an object schema, to compile its parsers; the pages'
// Content-Security-Policy forbids eval, and the probe's refusal is reported (a console error, a Lighthouse issue).
// Every schema of src/core and src/web takes `z` from here, so the setting is made before the first schema is
// built, whatever order the browser evaluates the modules in (lint forbids importing zod's value elsewhere).
z.config({ jitless: true });

export { z };

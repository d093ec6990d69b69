/**
 * zod compiles object parsers with `new Function` where it may. The storefront's
 * Content-Security-Policy allows no eval, and even zod's caught probe for it is reported as a
 * violation, so zod runs without it. main.tsx imports this first, before any schema parses.
 */
import { z } from 'zod';

z.config({ jitless: true });

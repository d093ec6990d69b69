/**
 * zod compiles object parsers with `new Function` where it may. The storefront's
 * Content-Security-Policy allows no eval, and even zod's caught probe for it is reported as a
 * violation, so zod runs without it. zod is not in the entry (a visitor's pages need no
 * schema): a module that brings it into its chunk (a contracts constant defined beside its
 * schemas) imports this first.
 */
import { z } from 'zod';

z.config({ jitless: true });

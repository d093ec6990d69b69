/**
 * Pages built from a search answer, kept as long as the engine keeps that answer. The embedded
 * engine hands out one frozen answer per query until the index next changes, so the page built
 * from it is built once, frozen, and (being the same object) serialised once by the server.
 * Answers that are not frozen (other engines copy each time) are built each time.
 */
const pagesByAnswer = new WeakMap<object, Map<string, unknown>>();

/** The page `build` makes from `answer` for the route named `route`, built once per answer. */
export function pageOf<P extends object>(answer: object, route: string, build: () => P): P {
  if (!Object.isFrozen(answer)) return build();
  let pages = pagesByAnswer.get(answer);
  if (!pages) pagesByAnswer.set(answer, (pages = new Map()));
  let page = pages.get(route) as P | undefined;
  if (page === undefined) pages.set(route, (page = deepFreeze(build())));
  return page;
}

function deepFreeze<V>(value: V): V {
  if (value === null || typeof value !== 'object' || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}

/** Where to go after signing in: back to the protected page that sent the user here, else home. */
export function redirectTarget(state: unknown): string {
  const from = (state as { from?: unknown } | null)?.from;
  if (typeof from === 'string' && from.startsWith('/') && !from.startsWith('//')) return from;
  if (
    from &&
    typeof from === 'object' &&
    typeof (from as { pathname?: unknown }).pathname === 'string'
  ) {
    const { pathname, search, hash } = from as { pathname: string; search?: string; hash?: string };
    if (
      pathname.startsWith('/') &&
      !pathname.startsWith('//') &&
      pathname !== '/login' &&
      pathname !== '/register'
    ) {
      return `${pathname}${search ?? ''}${hash ?? ''}`;
    }
  }
  return '/';
}

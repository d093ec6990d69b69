/**
 * The read side of a process that reads what another process projects (query-api in the
 * distributed topology): the live generation of each projector is read from the stored pointers
 * and read again every `refreshMs`, so a rebuild switched live by the projectors process reaches
 * this process's readers within that time. Nothing is applied or written here.
 */
import type { Projector, ReadSide } from '../projection.ts';
import type { Platform } from './platform.ts';
import { GenerationDirectory } from './generations.ts';
import { LiveReadSide } from './read-side.ts';
import { loggerFor } from '../logging/logger.ts';

/** How often a follower reads the live generations again (a rebuild's old one outlives it twice). */
export const FOLLOWER_REFRESH_MS = 1000;

export interface ProjectionFollower {
  readSide: ReadSide;
  projectorNames: string[];
  stop(): void;
}

export async function followProjections(options: {
  platform: Pick<Platform, 'readModels' | 'search'>;
  projectors: readonly Projector[];
  refreshMs?: number;
  log?: Pick<Console, 'warn'>;
}): Promise<ProjectionFollower> {
  const { platform, projectors } = options;
  const names = projectors.map((projector) => projector.name);
  const directory = new GenerationDirectory(platform.readModels, projectors);
  await directory.refresh(names);
  let warned = false;
  const timer = setInterval(() => {
    directory.refresh(names).then(
      () => {
        warned = false;
      },
      (err: unknown) => {
        // The read models' engine is out of reach: the last pointers stay, reads answer 503.
        if (!warned)
          (options.log ?? loggerFor('projections')).warn(`[projections] ${(err as Error).message}`);
        warned = true;
      },
    );
  }, options.refreshMs ?? FOLLOWER_REFRESH_MS);
  timer.unref();
  return {
    readSide: new LiveReadSide(directory, platform.readModels, platform.search),
    projectorNames: names,
    stop: () => clearInterval(timer),
  };
}

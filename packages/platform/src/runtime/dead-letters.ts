/**
 * Dead letters: an event a projector failed to apply is set aside with its error (the
 * projector's checkpoint moves on), for an operator to retry or skip.
 */
import type { EventEnvelope } from '@rewear/contracts';
import type { Doc } from '@rewear/ports';
import { DEAD_LETTERS_COLLECTION, checkpointId } from './names.ts';
import type { Platform } from './platform.ts';
import type { ProjectorRunner } from './projector-runner.ts';

export interface DeadLetter extends Doc {
  projector: string;
  generation: number;
  eventId: string;
  position: number;
  type: string;
  streamId: string;
  event: EventEnvelope;
  error: string;
  failedAt: string;
}

export class UnknownDeadLetterError extends Error {
  constructor(projector: string, id: string) {
    super(`No dead letter ${id} of projector ${projector}`);
    this.name = 'UnknownDeadLetterError';
  }
}

/** What retrying or skipping a dead letter did. */
export interface DeadLetterOutcome {
  projector: string;
  /** The dead letter's id. */
  id: string;
  eventId: string;
  position: number;
  type: string;
  /** Retried and applied without error (always false for a skip). */
  applied: boolean;
  /** The error of the failed retry, or the one the skipped letter had. */
  error: string | null;
}

export const messageOf = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The dead letters of every projector's generations, in the platform's read-model store. */
export class DeadLetterStore {
  constructor(
    private readonly platform: Pick<Platform, 'readModels'>,
    private readonly now: () => Date,
    private readonly log: Pick<Console, 'warn'>,
  ) {}

  async record(
    projector: string,
    generation: number,
    event: EventEnvelope,
    err: unknown,
  ): Promise<void> {
    const error = messageOf(err);
    this.log.warn(
      `[projections] ${projector}: event ${event.position} (${event.type}) dead-lettered: ${error}`,
    );
    await this.deadLetters.put({
      _id: `${checkpointId(projector, generation)}:${event.id}`,
      projector,
      generation,
      eventId: event.id,
      position: event.position,
      type: event.type,
      streamId: event.streamId,
      event,
      error,
      failedAt: this.now().toISOString(),
    });
  }

  count(projector: string, generation: number): Promise<number> {
    return this.deadLetters.count({ projector, generation });
  }

  /** Dead letters of one projector (all generations), newest first. */
  of(projector: string, limit: number): Promise<DeadLetter[]> {
    return this.deadLetters.find({ projector }, { sort: { failedAt: -1 }, limit });
  }

  /** Dead letters of every projector, newest first. */
  all(limit: number): Promise<DeadLetter[]> {
    return this.deadLetters.find({}, { sort: { failedAt: -1 }, limit });
  }

  /**
   * Applies a dead letter's event again to the projector's live generation, under its lock. It
   * worked: the dead letter is gone. It failed again: the dead letter stays, with the new error.
   */
  async retry(runner: ProjectorRunner, id: string): Promise<DeadLetterOutcome> {
    const projector = runner.name;
    const letter = await this.letterOf(projector, id);
    return runner.lock.run(async () => {
      const live = runner.live;
      const again = `${checkpointId(projector, live.generation)}:${letter.eventId}`;
      await this.deadLetters.delete(letter._id);
      if (again !== letter._id) await this.deadLetters.delete(again);
      await runner.applyAll([letter.event], live.side);
      const failed = await this.deadLetters.findOne({ _id: again });
      return {
        projector,
        id: letter._id,
        eventId: letter.eventId,
        position: letter.position,
        type: letter.type,
        applied: failed === null,
        error: failed?.error ?? null,
      };
    });
  }

  /** Sets a dead letter aside for good: its event is not applied, and the letter is removed. */
  async skip(projector: string, id: string): Promise<DeadLetterOutcome> {
    const letter = await this.letterOf(projector, id);
    await this.deadLetters.delete(letter._id);
    return {
      projector,
      id: letter._id,
      eventId: letter.eventId,
      position: letter.position,
      type: letter.type,
      applied: false,
      error: letter.error,
    };
  }

  private async letterOf(projector: string, id: string): Promise<DeadLetter> {
    const letter = await this.deadLetters.findOne({ _id: id });
    if (!letter || letter.projector !== projector) throw new UnknownDeadLetterError(projector, id);
    return letter;
  }

  private get deadLetters() {
    return this.platform.readModels.collection<DeadLetter>(DEAD_LETTERS_COLLECTION);
  }
}

/** Where the runtime keeps its own bookkeeping, next to the read models it describes. */
export const GENERATIONS_COLLECTION = 'projection_generations';
export const CHECKPOINTS_COLLECTION = 'projector_checkpoints';
export const DEAD_LETTERS_COLLECTION = 'projector_dead_letters';

/** Physical name of a logical collection or search index in one generation: `listings__g3`. */
export const physicalName = (logical: string, generation: number) => `${logical}__g${generation}`;

export const checkpointId = (projector: string, generation: number) =>
  `${projector}__g${generation}`;

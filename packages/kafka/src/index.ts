export {
  createKafkaBus,
  topicsOf,
  type KafkaBus,
  type KafkaBusOptions,
  type KafkaSubscription,
} from './kafka-bus.ts';
export {
  commitMessages,
  startOutboxRelay,
  type OutboxRelay,
  type OutboxRelayOptions,
} from './outbox-relay.ts';
export {
  isStalled,
  lastSignOf,
  newConsumerActivity,
  recordConsumerActivity,
  type ConsumerActivity,
} from './kafka-consumer-activity.ts';

export { KafkaEventBus, type KafkaEventBusOptions } from './kafka-event-bus';

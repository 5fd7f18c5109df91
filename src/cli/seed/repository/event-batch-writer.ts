/** The batch writer moved to the events module, where a series' occurrences are written with it too. */
export { EventBatchWriter } from '../../../events/repository/event-batch-writer';

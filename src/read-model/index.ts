export { ReadModel, type ReadModelEntry } from './read-model';
export { ReadModelModule } from './read-model.module';

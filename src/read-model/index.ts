export { ReadModel, type ReadModelEntry } from './read-model';
export { ReadModelModule } from './read-model.module';
export { ORIGIN_PLACEHOLDER, localizedValue, originLocalizer } from './origin-placeholder';
export { filledTemplate, jsonTemplate, templateHoles, TemplateHole, type FilledHole, type JsonTemplate } from './json-template';
export type { RecordRef, StoredTotal, TotalMove } from './repository/read-model.repository';

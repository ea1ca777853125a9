import type { ZipLimits } from '../template/zip-limits';
import type { RenderLimits } from './bounded-render';

/** What a document's template may unzip to and what its render may use. */
export interface DocumentLimits {
  zip: ZipLimits;
  render: RenderLimits;
}

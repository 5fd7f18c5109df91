import { LRUCache } from 'lru-cache';
import { galleryAttachmentIds, renderContent, renderExcerpt, renderTitle } from '../wordpress/rendering';

/** Memory for the rendered texts of each memoized function (bytes, about: input and output, UTF-16). */
const MAX_BYTES = 8 * 1024 * 1024;

/**
 * A text rendering function (WordPress display filters: wptexturize, wpautop, …) remembered by its
 * input. Rendering is a pure function of the stored text, so a remembered output is never stale:
 * this holds whatever the data version and with the response cache off (RESPONSE_CACHE_TTL_SECONDS=0),
 * where every read renders the same descriptions again (issue #19: most of a list's Node work).
 */
export function rememberedRendering(render: (raw: string) => string): (raw: string | null | undefined) => string {
  const outputs = new LRUCache<string, string>({ maxSize: MAX_BYTES, sizeCalculation: (output, input) => 2 * (input.length + output.length) + 64 });
  return (raw) => {
    if (!raw) return render(raw ?? '');
    let output = outputs.get(raw);
    if (output === undefined) outputs.set(raw, (output = render(raw)));
    return output;
  };
}

/** `the_title`, `the_content`, `the_excerpt` of a stored text, shared by every representation (src/wordpress/rendering). */
export const renderedTitle = rememberedRendering(renderTitle);
export const renderedContent = rememberedRendering(renderContent);
export const renderedExcerpt = rememberedRendering(renderExcerpt);

/**
 * `the_content` of a description: remembered by text, unless it has a `[gallery]` — what that renders
 * depends on which of the attachments it names exist (`galleryImages`: PostsStore.galleryImages).
 */
export function renderedDescription(content: string, galleryImages: ReadonlySet<number>): string {
  return galleryAttachmentIds(content).length ? renderContent(content, galleryImages) : renderedContent(content);
}

import { MAX_DOCUMENT_DEPTH } from '../document-limits';
import { NodeSchema, types, WRITTEN_CAPTION } from './node-schema';
import { contentRef, fileRef, fileOrUrlRef, length, reusableContentRef } from './shared-values';
import { anyString, boolean, fields, oneOf, optional, plainObject } from './value-checks';

/** Void blocks that show something from elsewhere: images, files, drawings, embeds, references, integrations. */

const voidBlock = (data: NodeSchema['data'], extra: Partial<NodeSchema> = {}): NodeSchema => ({ data, dataRequired: true, isVoid: 'void', ...extra });

export const MEDIA_BLOCKS: Record<string, NodeSchema> = {
  images: {
    data: fields({ align: optional(oneOf(['center', 'left', 'right'])), fullWidth: optional(boolean), withFrame: optional(boolean) }),
    dataRequired: true,
    isVoid: 'required',
    nodes: { holds: types('image') },
  },
  image: voidBlock(
    fields({ ref: fileOrUrlRef, refDark: optional(fileOrUrlRef), width: optional(length), height: optional(length), alt: optional(anyString) }),
    { fragments: [{ fragment: 'caption', holds: types('paragraph') }] },
  ),
  file: voidBlock(fields({ ref: fileRef }), WRITTEN_CAPTION),
  drawing: voidBlock(fields({ ref: optional(fileRef) })),
  embed: voidBlock(fields({ url: anyString, fullWidth: optional(boolean) }), WRITTEN_CAPTION),
  'content-ref': voidBlock(fields({ ref: contentRef }), WRITTEN_CAPTION),
  'reusable-content': voidBlock(fields({ ref: reusableContentRef }), { meta: fields({ token: optional(anyString) }) }),
  integration: voidBlock(
    fields({
      integration: anyString,
      block: anyString,
      // Props are the integration's own; nested no deeper than a document's blocks, so judging them is bounded.
      props: plainObject(MAX_DOCUMENT_DEPTH),
      // ContentKit actions are the integration's vocabulary: only their name is Folio's to judge.
      action: optional(fields({ action: anyString }, { open: true })),
      url: optional(anyString),
      fullWidth: optional(boolean),
    }),
    { meta: fields({ token: optional(anyString), spaceId: optional(anyString) }) },
  ),
};

export { InlineEditor, rememberCaretPoint, type InlineEditorProps } from "./inline-editor";
export { InlineText } from "./inline-text";
export { BUILT_IN_MERGE_TAGS, type MergeTagOption } from "./toolbar";
export { domToMarkup, markupToNodes } from "./markup";

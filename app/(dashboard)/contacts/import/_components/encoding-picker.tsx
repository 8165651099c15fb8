"use client";
import type { ImportPreview } from "@/lib/schemas/imports";
import { ENCODING_LABELS, IMPORT_ENCODINGS, isImportEncoding, type ImportEncoding } from "@/lib/csv/text-encoding";
import { Select } from "@/components/ui/select";
import { Notice } from "@/components/ui/notice";
import { formatNumber } from "@/lib/format";

type EncodingPickerProps = {
  preview: ImportPreview;
  loading: boolean;
  onPick: (encoding: ImportEncoding) => void;
};

/**
 * The encoding the file is read with: the one detected at upload, or another the marketer picks when names look
 * wrong ("FranÃ§ois" or "Fran�ois"). The preview above re-renders with the pick; the warning counts the lines whose
 * bytes the encoding cannot read (they would not be imported).
 */
export function EncodingPicker({ preview, loading, onPick }: EncodingPickerProps) {
  const { lines, example } = preview.undecodable;
  return (
    <div className="mt-3 space-y-2">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <label htmlFor="import-encoding" className="text-[13px] font-medium text-slate-800">
          Text encoding
        </label>
        <Select
          id="import-encoding"
          className="w-72"
          value={preview.encoding}
          disabled={loading}
          aria-describedby="import-encoding-hint"
          onChange={(e) => isImportEncoding(e.target.value) && onPick(e.target.value)}
        >
          {IMPORT_ENCODINGS.map((encoding) => (
            <option key={encoding} value={encoding}>
              {ENCODING_LABELS[encoding]}
              {encoding === preview.detectedEncoding ? " — detected" : ""}
            </option>
          ))}
        </Select>
        <span id="import-encoding-hint" className="text-[13px] text-slate-500" aria-live="polite">
          {loading
            ? "Reading the file again…"
            : `Detected: ${ENCODING_LABELS[preview.detectedEncoding]}. If accented letters look wrong, pick another.`}
        </span>
      </div>
      {lines > 0 && (
        <Notice tone="warning">
          {formatNumber(lines)} {lines === 1 ? "line has" : "lines have"} bytes that are not valid{" "}
          {ENCODING_LABELS[preview.encoding]} text
          {example && (
            <>
              , for example line {formatNumber(example.line)}: <q className="break-all">{example.text}</q>
            </>
          )}
          . {lines === 1 ? "It" : "They"} would be reported as invalid and not imported; try another encoding.
        </Notice>
      )}
    </div>
  );
}

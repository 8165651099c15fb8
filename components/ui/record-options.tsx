/** One `<option>` per record, its value the id and its text the name (tags, segments): for a Select's children. */
export function RecordOptions({ records }: { records: readonly { id: string; name: string }[] }) {
  return (
    <>
      {records.map((record) => (
        <option key={record.id} value={record.id}>
          {record.name}
        </option>
      ))}
    </>
  );
}

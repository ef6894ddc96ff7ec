import type { ReactNode } from 'react';

export interface Column<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Numbers line up on the right. */
  numeric?: boolean;
  /** What the column means, in one line (shown on hover). */
  help?: string;
}

/** A captioned table with an empty text instead of an empty body. */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  empty,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[];
  rowKey: (row: Row) => string;
  empty: string;
}) {
  return (
    <div className="overflow-x-auto rounded-lg border border-gray-200 dark:border-gray-700">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left font-semibold">{caption}</caption>
        <thead>
          <tr className="border-b border-gray-200 dark:border-gray-700">
            {columns.map((column) => (
              <th
                key={column.header}
                scope="col"
                title={column.help}
                className={`px-4 py-2 font-medium ${column.numeric ? 'text-right' : ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={columns.length} className="px-4 py-4 text-gray-700 dark:text-gray-300">
                {empty}
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} className="border-b border-gray-100 last:border-0 dark:border-gray-800">
                {columns.map((column) => (
                  <td
                    key={column.header}
                    className={`px-4 py-2 ${column.numeric ? 'text-right tabular-nums' : 'break-all'}`}
                  >
                    {column.cell(row)}
                  </td>
                ))}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

/** Whole numbers with thousands separators. */
export const count = (value: number) => value.toLocaleString('en-US');

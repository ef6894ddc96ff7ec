import type { QueryClient, UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { Copy, Pencil, Plus, Trash2, type LucideIcon } from 'lucide-react';
import { Fragment, useMemo, useState, type ReactNode } from 'react';
import type { FieldValues } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { SearchField } from '@/components/ui/search-field';
import { LoadingMessage } from '@/components/ui/spinner';
import { limits } from '@/config/site';
import { toast } from '@/lib/toast-store';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { AdminSectionPage } from '@/components/admin/admin-section-page';
import { ConfirmDialog } from '@/components/admin/confirm-dialog';
import {
  EmptyList,
  headRowClass,
  ListCount,
  LoadFailed,
  RowAction,
  rowClass,
  SelectAllCheckbox,
  tableClass,
} from '@/components/admin/list-states';
import { SortHeader, useSorted, type SortState } from '@/components/admin/sortable';
import { countOf, reportBulk, titleList, useBulkAction } from '@/lib/use-bulk-action';
import { useSelection } from '@/lib/use-selection';
import { ContentForm, type ContentFormSchema, type ContentTarget } from './content-form';

/** What every managed item has: the table's first two columns and its public page. */
export interface ContentItem {
  id: string;
  title: string;
  category: string;
}

/** A column after Title and Category: its header (sortable with `sortKey`) and its cell (a `<td>`). */
export interface ContentColumn<T, K extends string> {
  label: string;
  sortKey?: K;
  headerClassName?: string;
  cell: (item: T) => ReactNode;
}

/** A bulk action of the enhanced screen besides Delete, applied to the selected items it `picks`. */
export interface ContentBulkAction<T> {
  label: string;
  icon: LucideIcon;
  picks: (item: T) => boolean;
  /** The toast when no selected item is picked. */
  none: string;
  action: (item: T) => Promise<unknown>;
  /** The past tense in the report, e.g. "featured". */
  done: string;
}

/**
 * What differs between the blog admin and the events admin: the words, the
 * API, the columns, the sort, the bulk actions, whether items can be
 * duplicated, and the form.
 */
export interface ContentSchema<T extends ContentItem, V extends FieldValues, I, K extends string> {
  /** The screen's path; the enhanced one adds "/enhanced". */
  path: string;
  /** "post" or "event"; the plural adds an "s". */
  noun: string;
  /** The public page's name in texts ("the blog") and an item's address on it. */
  publicName: string;
  publicPath: (item: T) => string;
  texts: { loading: string; listFailed: string; empty: string; caption: string };
  useList: (search: string) => UseQueryResult<T[]>;
  invalidate: (client: QueryClient) => Promise<void>;
  useDelete: () => UseMutationResult<void, Error, string>;
  remove: (id: string) => Promise<unknown>;
  sortValues: Record<K | 'title' | 'category', (item: T) => string | number>;
  defaultSort: SortState<K | 'title' | 'category'>;
  columns: ReadonlyArray<ContentColumn<T, K>>;
  bulkActions: ReadonlyArray<ContentBulkAction<T>>;
  /** On the enhanced screen, the values a Duplicate row action opens the form with. */
  duplicate?: (item: T) => V;
  form: ContentFormSchema<T, V, I>;
  /** When set, new and existing items open in the editor at these addresses instead of inside the list. */
  editor?: { newPath: string; itemPath: (item: T) => string };
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/**
 * A content admin: a searchable, sortable table of every item with create,
 * edit and delete (confirmed), and one editor (inline upload, live preview,
 * autosave) on both screens. The enhanced screen adds bulk selection (the
 * schema's actions and delete) and Duplicate where the schema allows it.
 */
export function ContentManager<T extends ContentItem, V extends FieldValues, I, K extends string>({
  schema,
  enhanced,
}: {
  schema: ContentSchema<T, V, I, K>;
  enhanced: boolean;
}) {
  const { noun, texts, publicName } = schema;
  const nouns = `${noun}s`;
  const Noun = capitalised(noun);
  const path = enhanced ? `${schema.path}/enhanced` : schema.path;
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, limits.searchDebounceMs);
  const items = schema.useList(search);
  const everyItem = schema.useList('');
  const [editing, setEditing] = useState<ContentTarget<T, V> | null>(null);
  const [deleting, setDeleting] = useState<T | null>(null);
  const [confirmBulkDelete, setConfirmBulkDelete] = useState(false);
  const remove = schema.useDelete();
  const bulk = useBulkAction<T>(schema.invalidate);
  const navigate = useNavigate();
  const openNew = () => (schema.editor ? navigate(schema.editor.newPath) : setEditing({ kind: 'new' }));
  const openItem = (item: T) => (schema.editor ? navigate(schema.editor.itemPath(item)) : setEditing({ kind: 'edit', item }));

  const rows = useMemo(() => items.data ?? [], [items.data]);
  const { sorted, sort, sortBy } = useSorted<T, K | 'title' | 'category'>(rows, schema.sortValues, schema.defaultSort);
  const ids = useMemo(() => sorted.map((item) => item.id), [sorted]);
  const selection = useSelection(ids);
  const selected = sorted.filter((item) => selection.isSelected(item.id));
  const categories = useMemo(
    () => [...new Set((everyItem.data ?? []).map((item) => item.category))].sort((a, b) => a.localeCompare(b)),
    [everyItem.data],
  );

  if (editing) {
    return (
      <AdminSectionPage path={path} wide>
        <ContentForm schema={schema.form} target={editing} categories={categories} onDone={() => setEditing(null)} />
      </AdminSectionPage>
    );
  }

  const runBulk = ({ picks, none, action, done }: ContentBulkAction<T>) => {
    const picked = selected.filter(picks);
    if (picked.length === 0) {
      toast({ title: none });
      return;
    }
    bulk.mutate(
      { items: picked, action },
      {
        onSuccess: (outcome) => {
          reportBulk(outcome, (item) => item.title, noun, done);
          selection.clear();
        },
      },
    );
  };

  const deleteSelected = () => {
    bulk.mutate(
      { items: selected, action: (item) => schema.remove(item.id) },
      {
        onSuccess: (outcome) => {
          reportBulk(outcome, (item) => item.title, noun, 'deleted');
          selection.clear();
        },
        onSettled: () => setConfirmBulkDelete(false),
      },
    );
  };

  const newButton = (
    <Button onClick={openNew}>
      <Plus aria-hidden="true" className="h-4 w-4" />
      {`New ${noun}`}
    </Button>
  );

  let body;
  if (items.isPending) {
    body = <LoadingMessage>{texts.loading}</LoadingMessage>;
  } else if (items.isError && !items.data) {
    body = (
      <LoadFailed
        title={texts.listFailed}
        message={items.error.message}
        onRetry={() => void items.refetch()}
        retrying={items.isFetching}
      />
    );
  } else if (sorted.length === 0) {
    body = search.trim() ? (
      <EmptyList>
        {`No ${nouns} match “`}
        {search.trim()}”.
      </EmptyList>
    ) : (
      <EmptyList action={newButton}>{texts.empty}</EmptyList>
    );
  } else {
    body = (
      <div className="overflow-x-auto">
        <table className={tableClass}>
          <caption className="sr-only">{texts.caption}</caption>
          <thead>
            <tr className={headRowClass}>
              {enhanced && (
                <th scope="col" className="w-10">
                  <SelectAllCheckbox
                    label={`Select all ${nouns}`}
                    checked={selection.allSelected}
                    mixed={selection.partlySelected}
                    onChange={selection.toggleAll}
                  />
                </th>
              )}
              <SortHeader label="Title" column="title" sort={sort} onSort={sortBy} />
              <SortHeader label="Category" column="category" sort={sort} onSort={sortBy} />
              {schema.columns.map((column) =>
                column.sortKey ? (
                  <SortHeader
                    key={column.label}
                    label={column.label}
                    column={column.sortKey}
                    sort={sort}
                    onSort={sortBy}
                    className={column.headerClassName}
                  />
                ) : (
                  <th key={column.label} scope="col">
                    {column.label}
                  </th>
                ),
              )}
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {sorted.map((item) => (
              <tr key={item.id} className={rowClass}>
                {enhanced && (
                  <td>
                    <input
                      type="checkbox"
                      aria-label={`Select ${item.title}`}
                      checked={selection.isSelected(item.id)}
                      onChange={() => selection.toggle(item.id)}
                      className="h-4 w-4 accent-brand-dark"
                    />
                  </td>
                )}
                <th scope="row" className="max-w-xs font-semibold break-words">
                  <Link to={schema.publicPath(item)} className="hover:underline" aria-label={`${item.title} (view on ${publicName})`}>
                    {item.title}
                  </Link>
                </th>
                <td className="break-words">{item.category}</td>
                {schema.columns.map((column) => (
                  <Fragment key={column.label}>{column.cell(item)}</Fragment>
                ))}
                <td>
                  <div className="flex justify-end gap-1">
                    <RowAction label="Edit" subject={item.title} icon={Pencil} onClick={() => openItem(item)} />
                    {enhanced && schema.duplicate && (
                      <RowAction
                        label="Duplicate"
                        subject={item.title}
                        icon={Copy}
                        onClick={() => setEditing({ kind: 'copy', of: item, values: schema.duplicate!(item) })}
                      />
                    )}
                    <RowAction label="Delete" subject={item.title} icon={Trash2} danger onClick={() => setDeleting(item)} />
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    // Wide on both screens: the table's columns need more than the narrow frame at 1366 px.
    <AdminSectionPage path={path} wide>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-center sm:justify-between">
        <div className="w-full max-w-md">
          <SearchField label={`Search ${nouns}`} placeholder={`Search ${nouns}...`} value={searchText} onChange={setSearchText} />
        </div>
        {newButton}
      </div>
      <ListCount count={items.data?.length} noun={noun} search={search} updating={items.isFetching && !items.isPending} />
      {enhanced && sorted.length > 0 && (
        <div
          role="toolbar"
          aria-label="Bulk actions"
          className="mt-4 flex flex-wrap items-center gap-2 rounded-lg border border-gray-200 bg-gray-50 p-3 dark:border-gray-700 dark:bg-gray-800"
        >
          <span className="mr-2 text-sm font-semibold">
            {selection.ids.length === 0
              ? `Select ${nouns} to act on several at once`
              : `${countOf(selection.ids.length, noun)} selected`}
          </span>
          {schema.bulkActions.map((bulkAction) => (
            <Button
              key={bulkAction.label}
              variant="secondary"
              disabled={selection.ids.length === 0 || bulk.isPending}
              onClick={() => runBulk(bulkAction)}
            >
              <bulkAction.icon aria-hidden="true" className="h-4 w-4" />
              {bulkAction.label}
            </Button>
          ))}
          <Button
            variant="secondary"
            disabled={selection.ids.length === 0 || bulk.isPending}
            onClick={() => setConfirmBulkDelete(true)}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            Delete
          </Button>
          {selection.ids.length > 0 && (
            <Button variant="ghost" onClick={selection.clear} disabled={bulk.isPending}>
              Clear selection
            </Button>
          )}
        </div>
      )}
      <div className="mt-4">{body}</div>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete this ${noun}?`}
        confirmLabel={`Delete ${noun}`}
        destructive
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() => {
          if (!deleting) return;
          remove.mutate(deleting.id, {
            onSuccess: () => toast({ title: `${Noun} deleted`, description: deleting.title }),
            onError: (error) => toast({ title: `The ${noun} was not deleted`, description: error.message, variant: 'destructive' }),
            onSettled: () => setDeleting(null),
          });
        }}
      >
        <p>
          “{deleting?.title}
          {`” will be removed from ${publicName} at once. This cannot be undone.`}
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={confirmBulkDelete}
        title={`Delete ${countOf(selected.length, noun)}?`}
        confirmLabel={`Delete ${countOf(selected.length, noun)}`}
        destructive
        busy={bulk.isPending}
        onCancel={() => setConfirmBulkDelete(false)}
        onConfirm={deleteSelected}
      >
        <p>{`These ${nouns} will be removed from ${publicName} at once. This cannot be undone.`}</p>
        <ul className="mt-2 list-disc pl-6">
          {titleList(selected.map((item) => item.title)).map((title, index) => (
            <li key={index} className="break-words">
              {title}
            </li>
          ))}
        </ul>
      </ConfirmDialog>
    </AdminSectionPage>
  );
}

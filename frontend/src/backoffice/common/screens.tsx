import type { ReactElement, ReactNode } from 'react';
import { Datagrid, List, Show, SimpleShowLayout, type RowClickFunction } from 'react-admin';
import type { Theme } from '@mui/material/styles';
import { listColumns, showFields, type ColumnDef, type ResourceSpec } from '../resource-spec';
import { renderField } from './fields';

/** Rows per list page (the server caps a range at 500). */
export const LIST_PAGE_SIZE = 25;

interface SpecListProps {
  spec: ResourceSpec;
  /** The list's filter inputs, a module-level array (renderFilters(listFilters(spec))). */
  filters?: ReactElement[];
  /** Where a row click goes (default the Show page). */
  rowClick?: 'show' | 'edit' | false | RowClickFunction;
  /** Top toolbar (default: filter button and, with a create screen, Create). */
  actions?: ReactElement | false;
  /** Page shown when there are no rows at all (false: the empty table with the toolbar). */
  empty?: ReactElement | false;
  /** Extra columns after the derived ones (action buttons). */
  children?: ReactNode;
}

/**
 * Layout CSS of a list on phones (below MUI's `sm`): each row becomes a card with one labelled
 * line per column ('Price: Ksh. 200.00'), so no list scrolls sideways or runs off the screen.
 * react-admin's cells carry `column-<source>`, which names each line's label here.
 */
const phoneRows = (columns: readonly ColumnDef[]) => (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    '& table, & tbody, & tr, & td': { display: 'block', width: '100%', boxSizing: 'border-box' },
    '& thead': { display: 'none' },
    '& tbody tr': { borderBottom: `1px solid ${theme.palette.divider}`, py: 1 },
    '& tbody td': { border: 0, py: 0.25, px: 1.5, overflowWrap: 'anywhere', textAlign: 'left' },
    ...Object.fromEntries(
      columns.map((column) => [
        `& td.column-${column.source.replace(/[^A-Za-z0-9_-]/g, (c) => `\\${c}`)}::before`,
        { content: JSON.stringify(`${column.label}: `), color: theme.palette.text.secondary },
      ]),
    ),
  },
});

/**
 * A resource's list: columns and filters derived from its spec, so only allowlisted fields are
 * sortable or filtered (the server answers 400 to anything else), the spec's default sort, and no
 * CSV export (it would ask for more rows than the server's 500-row range cap). On phones each row
 * is a card of labelled lines (phoneRows).
 */
export const SpecList = ({ spec, filters, rowClick = 'show', actions, empty, children }: SpecListProps) => (
  <List
    actions={actions}
    empty={empty}
    sort={spec.defaultSort}
    filters={filters && filters.length > 0 ? filters : undefined}
    perPage={LIST_PAGE_SIZE}
    exporter={false}
  >
    <Datagrid rowClick={rowClick} bulkActionButtons={false} sx={phoneRows(listColumns(spec))}>
      {listColumns(spec).map((column) => renderField(column, { sortable: column.sortable, inList: true }))}
      {children}
    </Datagrid>
  </List>
);

interface SpecShowProps {
  spec: ResourceSpec;
  /** Action buttons (top toolbar). */
  actions?: ReactElement | false;
  /** Extra rows after the derived fields. */
  children?: ReactNode;
}

/** A resource's Show page: every spec field not marked `show: false`, formatted by kind. */
export const SpecShow = ({ spec, actions, children }: SpecShowProps) => (
  <Show actions={actions}>
    <SimpleShowLayout>
      {showFields(spec).map((field) => renderField(field))}
      {children}
    </SimpleShowLayout>
  </Show>
);

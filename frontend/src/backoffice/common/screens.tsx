import { Children, Fragment, isValidElement, type ReactNode } from 'react';
import { Datagrid, List, type DatagridProps, type ListProps } from 'react-admin';
import type { Theme } from '@mui/material/styles';

/** Rows per list page (the server caps a range at 500). */
export const LIST_PAGE_SIZE = 25;

/** 'date_created' → 'Date created' (react-admin's default label of a source). */
export const humanize = (source: string): string => {
  const words = source.replace(/_/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A column of a Datagrid's JSX: its `source` and the label react-admin shows for it. */
export interface JsxColumn {
  source: string;
  label: string;
}

/** The columns written as children (fragments and arrays flattened; action buttons have no source). */
export const jsxColumns = (children: ReactNode): JsxColumn[] =>
  Children.toArray(children).flatMap((child): JsxColumn[] => {
    if (!isValidElement<{ source?: unknown; label?: unknown; children?: ReactNode }>(child))
      return [];
    if (child.type === Fragment) return jsxColumns(child.props.children);
    const { source, label } = child.props;
    if (typeof source !== 'string') return [];
    return [{ source, label: typeof label === 'string' ? label : humanize(source) }];
  });

/**
 * Layout CSS of a list on phones (below MUI's `sm`): each row becomes a card with one labelled
 * line per column ('Price: Ksh. 200.00'), so no list scrolls sideways or runs off the screen.
 * react-admin's cells carry `column-<source>`, which names each line's label here.
 */
const phoneRows = (columns: readonly JsxColumn[]) => (theme: Theme) => ({
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
 * A back-office list: the JSX filters and default sort as written, 25 rows a page, no CSV export
 * (it would ask for more rows than the server's 500-row range cap). The columns are the child
 * `ResourceDatagrid`'s; allowlist.test.tsx checks sort, filters and columns against the API's allowlist.
 */
export const ResourceList = ({ children, ...props }: ListProps) => (
  <List perPage={LIST_PAGE_SIZE} exporter={false} {...props}>
    {children}
  </List>
);

/**
 * react-admin's Datagrid with the back office's defaults (a row opens its Show page, no bulk
 * actions) and, on phones, each row a card of labelled lines (phoneRows, labels from the JSX
 * columns). Columns are sortable unless written `sortable={false}`: only the allowlist's sortable
 * fields may be (the server answers 400 to others).
 */
export const ResourceDatagrid = ({ children, rowClick = 'show', ...props }: DatagridProps) => (
  <Datagrid
    rowClick={rowClick}
    bulkActionButtons={false}
    sx={phoneRows(jsxColumns(children))}
    {...props}
  >
    {children}
  </Datagrid>
);

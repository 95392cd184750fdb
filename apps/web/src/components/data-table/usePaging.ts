import { useState } from 'react';

/**
 * A server-paged list's page and page size. A new page size or a changed filter shows page 1 again: wrap a filter's
 * setter in `refilter`.
 */
export function usePaging(initialPageSize = 25) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(initialPageSize);
  return {
    page,
    pageSize,
    setPage,
    setPageSize: (size: number) => {
      setPageSize(size);
      setPage(1);
    },
    refilter:
      <V>(set: (value: V) => void) =>
      (value: V) => {
        set(value);
        setPage(1);
      },
  };
}

export type TPaging = ReturnType<typeof usePaging>;

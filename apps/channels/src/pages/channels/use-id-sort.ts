// The channel list's id-sort toggle, remembered locally (spec §9); page, size and filters are in
// the URL (useListParams).
import { LOCAL_KEYS, readLocal, writeLocal } from '@switchyard/console-kit';
import { useState } from 'react';

export function useIdSort(): [boolean, (value: boolean) => void] {
  const [idSort, setIdSort] = useState(() => readLocal(LOCAL_KEYS.idSort) === 'true');
  return [
    idSort,
    (value: boolean) => {
      writeLocal(LOCAL_KEYS.idSort, String(value));
      setIdSort(value);
    },
  ];
}

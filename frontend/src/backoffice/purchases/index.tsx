import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import { TopToolbar, type RaRecord } from 'react-admin';
import { renderFilters } from '../common/fields';
import { SpecList, SpecShow } from '../common/screens';
import { listFilters } from '../resource-spec';
import { FlagPurchaseButton } from './FlagPurchaseButton';
import { purchasesSpec } from './spec';

const purchaseFilters = renderFilters(listFilters(purchasesSpec));

export const PurchaseList = () => <SpecList spec={purchasesSpec} filters={purchaseFilters} />;

export const PurchaseShow = () => (
  <SpecShow
    spec={purchasesSpec}
    actions={
      <TopToolbar>
        <FlagPurchaseButton />
      </TopToolbar>
    }
  />
);

/** `<Resource name="purchases" {...purchases} />` (read; the flag is the only change). */
export const purchases = {
  list: PurchaseList,
  show: PurchaseShow,
  icon: ShoppingCartIcon,
  recordRepresentation: (record: RaRecord) => `Purchase #${String(record.id)}`,
};

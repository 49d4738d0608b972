import { withAntd } from '../../../../shared/ui/antd-scope';
import { PlacePair } from '../../../../widgets/place-picker/place-picker';
import { DateField, DateRangeField } from './date-fields';

/** The search form's Ant Design fields, each in its own scope; see antd-fields.ts. */
export const AntdPlacePair = withAntd(PlacePair);
export const AntdDateField = withAntd(DateField);
export const AntdDateRangeField = withAntd(DateRangeField);

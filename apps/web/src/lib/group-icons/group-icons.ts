// The icon of each procedure group's icon type (decision 0056): one Material icon per kind of life event,
// imported one by one so a bundle carries only these. Residents' home and the master tool's picker share it.
import AccessibleIcon from '@mui/icons-material/Accessible';
import ChildFriendlyIcon from '@mui/icons-material/ChildFriendly';
import DescriptionIcon from '@mui/icons-material/Description';
import ElderlyIcon from '@mui/icons-material/Elderly';
import FamilyRestroomIcon from '@mui/icons-material/FamilyRestroom';
import FavoriteIcon from '@mui/icons-material/Favorite';
import HomeIcon from '@mui/icons-material/Home';
import LocalFloristIcon from '@mui/icons-material/LocalFlorist';
import LocalHospitalIcon from '@mui/icons-material/LocalHospital';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import PaymentsIcon from '@mui/icons-material/Payments';
import PetsIcon from '@mui/icons-material/Pets';
import PregnantWomanIcon from '@mui/icons-material/PregnantWoman';
import RecyclingIcon from '@mui/icons-material/Recycling';
import RequestQuoteIcon from '@mui/icons-material/RequestQuote';
import SchoolIcon from '@mui/icons-material/School';
import WorkIcon from '@mui/icons-material/Work';
import WorkspacePremiumIcon from '@mui/icons-material/WorkspacePremium';
import type { IconType } from '@portal/contracts';

/** The component of each icon type; a Record, so a new type in the contract without an icon fails to compile. */
export const groupIcons: Record<IconType, typeof DescriptionIcon> = {
  BI: ChildFriendlyIcon,
  PR: PregnantWomanIcon,
  CH: FamilyRestroomIcon,
  SC: SchoolIcon,
  MA: FavoriteIcon,
  MV: LocalShippingIcon,
  HO: HomeIcon,
  WO: WorkIcon,
  TX: RequestQuoteIcon,
  MO: PaymentsIcon,
  HE: LocalHospitalIcon,
  CA: ElderlyIcon,
  DI: AccessibleIcon,
  DE: LocalFloristIcon,
  WS: RecyclingIcon,
  CE: WorkspacePremiumIcon,
  PE: PetsIcon,
  OT: DescriptionIcon,
};

/** The icon of a type; a type this build does not know (a newer server) shows the general one. */
export const groupIconOf = (type: string): typeof DescriptionIcon =>
  (groupIcons as Record<string, typeof DescriptionIcon>)[type] ?? DescriptionIcon;

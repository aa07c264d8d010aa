import AddCircleOutlineIcon from '@mui/icons-material/AddCircleOutline';
import EventOutlinedIcon from '@mui/icons-material/EventOutlined';
import ExploreOutlinedIcon from '@mui/icons-material/ExploreOutlined';
import GroupsOutlinedIcon from '@mui/icons-material/GroupsOutlined';
import HomeOutlinedIcon from '@mui/icons-material/HomeOutlined';
import MapOutlinedIcon from '@mui/icons-material/MapOutlined';
import PersonOutlineIcon from '@mui/icons-material/PersonOutline';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import VolunteerActivismOutlinedIcon from '@mui/icons-material/VolunteerActivismOutlined';
import type SvgIcon from '@mui/material/SvgIcon';

type SvgIconComponent = typeof SvgIcon;

export interface NavItem {
  to: string;
  labelKey: string;
  icon: SvgIconComponent;
  /** Shown in the phone's bottom navigation too. */
  bottom?: boolean;
  /** A shorter label for the bottom navigation, where five items share 360 px. */
  shortLabelKey?: string;
}

/** The panel's main navigation. */
export const PANEL_NAV: NavItem[] = [
  { to: '/home', labelKey: 'nav.home', icon: HomeOutlinedIcon, bottom: true },
  { to: '/explore', labelKey: 'nav.explore', icon: ExploreOutlinedIcon, bottom: true },
  {
    to: '/create-post',
    labelKey: 'nav.createPost',
    shortLabelKey: 'nav.short.createPost',
    icon: AddCircleOutlineIcon,
    bottom: true,
  },
  { to: '/tribes', labelKey: 'nav.tribes', icon: GroupsOutlinedIcon, bottom: true },
  { to: '/events', labelKey: 'nav.events', icon: EventOutlinedIcon },
  { to: '/map', labelKey: 'nav.map', icon: MapOutlinedIcon },
  { to: '/donate', labelKey: 'nav.donate', icon: VolunteerActivismOutlinedIcon },
  {
    to: '/profile',
    labelKey: 'nav.profile',
    shortLabelKey: 'nav.short.profile',
    icon: PersonOutlineIcon,
    bottom: true,
  },
  { to: '/setting/edit-profile', labelKey: 'nav.settings', icon: SettingsOutlinedIcon },
];

/** The settings pages, in the order the settings menu lists them. */
export const SETTINGS_NAV: { to: string; labelKey: string }[] = [
  { to: '/setting/edit-profile', labelKey: 'settings.editProfile.title' },
  { to: '/setting/change-password', labelKey: 'settings.changePassword.title' },
  { to: '/setting/two-factor', labelKey: 'twoFactor.title' },
  { to: '/setting/sign-in-methods', labelKey: 'identity.methods.title' },
  { to: '/setting/passkeys', labelKey: 'passkeys.settings.title' },
  { to: '/setting/language', labelKey: 'settings.language.title' },
  { to: '/setting/personal-setting', labelKey: 'settings.personal.title' },
  { to: '/setting/privacy-setting', labelKey: 'pages.privacySetting' },
  { to: '/setting/blocked-users', labelKey: 'pages.blockedUsers' },
  { to: '/setting/moderation', labelKey: 'moderation.title' },
  { to: '/setting/favourite-posts', labelKey: 'pages.favouritePosts' },
  { to: '/setting/hidden-posts', labelKey: 'pages.hiddenPosts' },
  { to: '/setting/wallet', labelKey: 'pages.wallet' },
  { to: '/setting/crypto_wallet', labelKey: 'pages.cryptoWallet' },
  { to: '/setting/privacy_policy', labelKey: 'privacy.title' },
];

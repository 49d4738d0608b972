import AimOutlinedSvg from '@ant-design/icons-svg/es/asn/AimOutlined';
import ArrowRightOutlinedSvg from '@ant-design/icons-svg/es/asn/ArrowRightOutlined';
import BellOutlinedSvg from '@ant-design/icons-svg/es/asn/BellOutlined';
import CalendarOutlinedSvg from '@ant-design/icons-svg/es/asn/CalendarOutlined';
import CheckCircleFilledSvg from '@ant-design/icons-svg/es/asn/CheckCircleFilled';
import CloseCircleFilledSvg from '@ant-design/icons-svg/es/asn/CloseCircleFilled';
import CloseOutlinedSvg from '@ant-design/icons-svg/es/asn/CloseOutlined';
import CustomerServiceOutlinedSvg from '@ant-design/icons-svg/es/asn/CustomerServiceOutlined';
import DownOutlinedSvg from '@ant-design/icons-svg/es/asn/DownOutlined';
import ExclamationCircleFilledSvg from '@ant-design/icons-svg/es/asn/ExclamationCircleFilled';
import GlobalOutlinedSvg from '@ant-design/icons-svg/es/asn/GlobalOutlined';
import LogoutOutlinedSvg from '@ant-design/icons-svg/es/asn/LogoutOutlined';
import MinusOutlinedSvg from '@ant-design/icons-svg/es/asn/MinusOutlined';
import MobileOutlinedSvg from '@ant-design/icons-svg/es/asn/MobileOutlined';
import PlusOutlinedSvg from '@ant-design/icons-svg/es/asn/PlusOutlined';
import ProfileOutlinedSvg from '@ant-design/icons-svg/es/asn/ProfileOutlined';
import SafetyCertificateOutlinedSvg from '@ant-design/icons-svg/es/asn/SafetyCertificateOutlined';
import SearchOutlinedSvg from '@ant-design/icons-svg/es/asn/SearchOutlined';
import SwapOutlinedSvg from '@ant-design/icons-svg/es/asn/SwapOutlined';
import SwapRightOutlinedSvg from '@ant-design/icons-svg/es/asn/SwapRightOutlined';
import TagsOutlinedSvg from '@ant-design/icons-svg/es/asn/TagsOutlined';
import TranslationOutlinedSvg from '@ant-design/icons-svg/es/asn/TranslationOutlined';
import UserOutlinedSvg from '@ant-design/icons-svg/es/asn/UserOutlined';
import type { IconDefinition } from '@ant-design/icons-svg/es/types';
import type { CSSProperties, ReactElement } from 'react';

type Node = { tag: string; attrs: Record<string, string>; children?: Node[] };

export type IconProps = { className?: string; style?: CSSProperties; 'aria-hidden'?: boolean | 'true' | 'false' };

const camel = (name: string) => name.replace(/-([a-z])/g, (_, c: string) => c.toUpperCase());

function draw(node: Node, key?: number): ReactElement {
  const Tag = node.tag as 'path';
  const attrs = Object.fromEntries(Object.entries(node.attrs).map(([k, v]) => [camel(k), v]));
  return (
    <Tag key={key} {...attrs}>
      {node.children?.map(draw)}
    </Tag>
  );
}

/**
 * Ant Design's icons drawn from their SVG data alone, as @ant-design/icons draws them (the same markup, class
 * and label), without its runtime: the first page's icons. Every other page uses @ant-design/icons.
 */
function icon(definition: IconDefinition) {
  const svg = definition.icon as unknown as Node;
  const Icon = ({ className, style, 'aria-hidden': ariaHidden }: IconProps) => (
    <span
      role="img"
      aria-label={definition.name}
      aria-hidden={ariaHidden}
      className={['anticon', `anticon-${definition.name}`, className].filter(Boolean).join(' ')}
      style={style}
    >
      <svg
        viewBox={svg.attrs.viewBox}
        focusable="false"
        width="1em"
        height="1em"
        fill="currentColor"
        aria-hidden="true"
        data-icon={definition.name}
      >
        {(svg.children ?? []).map(draw)}
      </svg>
    </span>
  );
  Icon.displayName = definition.name;
  return Icon;
}

export const AimOutlined = /* @__PURE__ */ icon(AimOutlinedSvg);
export const ArrowRightOutlined = /* @__PURE__ */ icon(ArrowRightOutlinedSvg);
export const BellOutlined = /* @__PURE__ */ icon(BellOutlinedSvg);
export const CalendarOutlined = /* @__PURE__ */ icon(CalendarOutlinedSvg);
export const CheckCircleFilled = /* @__PURE__ */ icon(CheckCircleFilledSvg);
export const CloseCircleFilled = /* @__PURE__ */ icon(CloseCircleFilledSvg);
export const CloseOutlined = /* @__PURE__ */ icon(CloseOutlinedSvg);
export const CustomerServiceOutlined = /* @__PURE__ */ icon(CustomerServiceOutlinedSvg);
export const DownOutlined = /* @__PURE__ */ icon(DownOutlinedSvg);
export const ExclamationCircleFilled = /* @__PURE__ */ icon(ExclamationCircleFilledSvg);
export const GlobalOutlined = /* @__PURE__ */ icon(GlobalOutlinedSvg);
export const LogoutOutlined = /* @__PURE__ */ icon(LogoutOutlinedSvg);
export const MinusOutlined = /* @__PURE__ */ icon(MinusOutlinedSvg);
export const MobileOutlined = /* @__PURE__ */ icon(MobileOutlinedSvg);
export const PlusOutlined = /* @__PURE__ */ icon(PlusOutlinedSvg);
export const ProfileOutlined = /* @__PURE__ */ icon(ProfileOutlinedSvg);
export const SafetyCertificateOutlined = /* @__PURE__ */ icon(SafetyCertificateOutlinedSvg);
export const SearchOutlined = /* @__PURE__ */ icon(SearchOutlinedSvg);
export const SwapOutlined = /* @__PURE__ */ icon(SwapOutlinedSvg);
export const SwapRightOutlined = /* @__PURE__ */ icon(SwapRightOutlinedSvg);
export const TagsOutlined = /* @__PURE__ */ icon(TagsOutlinedSvg);
export const TranslationOutlined = /* @__PURE__ */ icon(TranslationOutlinedSvg);
export const UserOutlined = /* @__PURE__ */ icon(UserOutlinedSvg);

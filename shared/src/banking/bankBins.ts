/**
 * Which bank issued a debit card, from the card's BIN (its first digits) and length. Bank-
 * securities transfers (第三方存管) run through a debit card of one of the banks the broker
 * has a custody agreement with; these are the major national banks' debit card BINs as
 * UnionPay assigned them. A number must match a prefix and that prefix's card length.
 */

export const BANK_CODES = [
  'ICBC',
  'ABC',
  'BOC',
  'CCB',
  'BOCOM',
  'PSBC',
  'CMB',
  'CITIC',
  'CEB',
  'HXB',
  'CMBC',
  'CGB',
  'PAB',
  'CIB',
  'SPDB',
] as const;
export type BankCode = (typeof BANK_CODES)[number];

export interface BankBins {
  bank: BankCode;
  /** Card numbers of `length` digits starting with one of `prefixes`. */
  cards: readonly { length: number; prefixes: readonly string[] }[];
}

/** A list of BINs written as one line of space-separated digits. */
const bins = (list: string): readonly string[] => list.split(' ');

export const BANK_BINS: readonly BankBins[] = [
  {
    bank: 'ICBC', // 中国工商银行
    cards: [
      {
        length: 19,
        prefixes: bins(
          '622200 622202 622203 622208 621225 621226 621227 621288 621558 621559 621618 621721 621722 621723 620058 623062 9558',
        ),
      },
    ],
  },
  {
    bank: 'ABC', // 中国农业银行
    cards: [
      {
        length: 19,
        prefixes: bins(
          '622841 622845 622846 622848 622849 622821 622822 622823 622827 622828 621282 621336 621619 623018 623206 620059 95595 95596 95597 95598 95599 103',
        ),
      },
    ],
  },
  {
    bank: 'BOC', // 中国银行
    cards: [
      {
        length: 19,
        prefixes: bins(
          '621660 621661 621662 621663 621665 621666 621667 621668 621669 456351 601382 621283 621756 621785 621786 621787 621788 621789 621790 623208',
        ),
      },
    ],
  },
  {
    bank: 'CCB', // 中国建设银行
    cards: [
      {
        length: 19,
        prefixes: bins(
          '436742 589970 620060 621081 621284 621467 621598 621621 621700 622280 622700 623211 623668',
        ),
      },
      { length: 16, prefixes: bins('621080 621082 621466 621488 621499 622966 622988') },
    ],
  },
  {
    bank: 'BOCOM', // 交通银行
    cards: [
      { length: 19, prefixes: bins('622260 622261 622262 621002 621069 621335 621436') },
      { length: 17, prefixes: bins('405512 601428 622258 622259') },
    ],
  },
  {
    bank: 'PSBC', // 中国邮政储蓄银行
    cards: [
      {
        length: 19,
        prefixes: bins(
          '621096 621098 622150 622151 622181 622188 622199 955100 621095 620062 621285 621797 621798 621799 623218 623219',
        ),
      },
    ],
  },
  {
    bank: 'CMB', // 招商银行
    cards: [
      {
        length: 16,
        prefixes: bins(
          '622580 622588 622598 622609 621286 621483 621485 621486 621299 410062 402658 468203 512425 524011',
        ),
      },
    ],
  },
  {
    bank: 'CITIC', // 中信银行
    cards: [
      {
        length: 16,
        prefixes: bins(
          '433670 433671 433680 442729 442730 620082 622690 622691 622692 622696 622698 622998 622999 621767 621768 621770 621771 621772 621773',
        ),
      },
    ],
  },
  {
    bank: 'CEB', // 中国光大银行
    cards: [
      {
        length: 16,
        prefixes: bins(
          '622660 622661 622662 622663 622664 622665 622666 622667 622668 622669 622670 622671 622672 622673 622674 620518 621489 621492 303',
        ),
      },
      { length: 19, prefixes: bins('620535') },
    ],
  },
  {
    bank: 'HXB', // 华夏银行
    cards: [
      {
        length: 16,
        prefixes: bins('622630 622631 622632 622633 621222 623020 623021 623022 623023'),
      },
    ],
  },
  {
    bank: 'CMBC', // 中国民生银行
    cards: [
      {
        length: 16,
        prefixes: bins(
          '415599 421393 421865 427570 427571 472067 472068 622615 622616 622617 622618 622619 622620 622622',
        ),
      },
    ],
  },
  {
    bank: 'CGB', // 广发银行
    cards: [{ length: 19, prefixes: bins('622568 621462 9111') }],
  },
  {
    bank: 'PAB', // 平安银行
    cards: [
      { length: 19, prefixes: bins('621626 623058') },
      {
        length: 16,
        prefixes: bins(
          '602907 622986 622989 622298 622535 622536 622538 622539 412962 412963 415752 415753 622983 998800',
        ),
      },
    ],
  },
  {
    bank: 'CIB', // 兴业银行
    cards: [
      { length: 18, prefixes: bins('622908 622909 438588 438589 966666') },
      { length: 16, prefixes: bins('90592') },
    ],
  },
  {
    bank: 'SPDB', // 上海浦东发展银行
    cards: [
      {
        length: 16,
        prefixes: bins(
          '622516 622517 622518 622521 622522 622523 621351 621352 621390 621791 621792 621793 621795 621796 984301 984303',
        ),
      },
    ],
  },
];

/** Every (prefix, length) with its bank, longest prefixes first so the most specific one wins. */
const BIN_INDEX = BANK_BINS.flatMap(({ bank, cards }) =>
  cards.flatMap(({ length, prefixes }) => prefixes.map((prefix) => ({ prefix, length, bank }))),
).sort((a, b) => b.prefix.length - a.prefix.length);

/** The bank of a card number (digits only), or null when no BIN of the table matches it. */
export function bankOfCard(digits: string): BankCode | null {
  const hit = BIN_INDEX.find((b) => b.length === digits.length && digits.startsWith(b.prefix));
  return hit?.bank ?? null;
}

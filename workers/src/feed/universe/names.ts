/**
 * Word lists for plausible A-share short names (region or two-character brand + industry
 * word, e.g. 浙江医药, 恒瑞药业) and the pinyin initial of every character they use, so
 * search by initials (ZJYY) works without a pinyin library.
 */
import type { Rng } from '../rng.ts';

export interface Sector {
  /** Stable key for code and i18n. */
  key: string;
  /** Chinese display name (Shenwan-style industry). */
  name: string;
  /** Industry words that end names in this sector. */
  words: readonly string[];
  /** Relative share of listed companies. */
  weight: number;
}

export const SECTORS: readonly Sector[] = [
  { key: 'bank', name: '银行', words: ['银行'], weight: 0.8 },
  { key: 'brokerage', name: '非银金融', words: ['证券', '保险', '人寿', '信托'], weight: 1.7 },
  { key: 'realEstate', name: '房地产', words: ['地产', '置业', '发展'], weight: 2 },
  { key: 'construction', name: '建筑装饰', words: ['建设', '建工', '路桥', '工程'], weight: 3 },
  { key: 'buildingMaterials', name: '建筑材料', words: ['建材', '水泥', '玻璃'], weight: 1.5 },
  { key: 'steel', name: '钢铁', words: ['钢铁', '特钢', '钢管'], weight: 1 },
  { key: 'metals', name: '有色金属', words: ['矿业', '铝业', '稀土', '锂业', '黄金', '铜业'], weight: 2.5 },
  { key: 'coal', name: '煤炭', words: ['煤业', '能源', '焦化'], weight: 0.8 },
  { key: 'petroleum', name: '石油石化', words: ['石化', '油气', '石油'], weight: 1 },
  { key: 'chemicals', name: '基础化工', words: ['化工', '化学', '新材', '化纤'], weight: 8 },
  {
    key: 'powerEquipment',
    name: '电力设备',
    words: ['电气', '储能', '光伏', '电源', '风电', '电池'],
    weight: 7,
  },
  { key: 'electronics', name: '电子', words: ['电子', '光电', '微电', '精密', '显示'], weight: 9 },
  { key: 'computer', name: '计算机', words: ['软件', '信息', '数据', '智能', '网络', '数码'], weight: 6.5 },
  { key: 'telecom', name: '通信', words: ['通信', '通讯', '网通'], weight: 2.5 },
  { key: 'media', name: '传媒', words: ['传媒', '文化', '影视', '互娱', '出版'], weight: 2.7 },
  { key: 'healthcare', name: '医药生物', words: ['医药', '药业', '生物', '制药', '医疗', '健康'], weight: 9 },
  { key: 'foodBeverage', name: '食品饮料', words: ['食品', '酒业', '乳业', '啤酒'], weight: 2.5 },
  { key: 'appliances', name: '家用电器', words: ['电器', '家电', '厨电'], weight: 1.8 },
  { key: 'autos', name: '汽车', words: ['汽车', '汽配', '客车'], weight: 5 },
  { key: 'machinery', name: '机械设备', words: ['机械', '装备', '机电', '精工', '智造'], weight: 10 },
  { key: 'defense', name: '国防军工', words: ['航天', '航空', '船舶'], weight: 2.8 },
  { key: 'transport', name: '交通运输', words: ['物流', '航运', '高速', '快递', '海运'], weight: 2.5 },
  { key: 'utilities', name: '公用事业', words: ['电力', '水务', '燃气', '热电'], weight: 2.7 },
  { key: 'agriculture', name: '农林牧渔', words: ['农业', '种业', '牧业', '渔业', '饲料'], weight: 2 },
  { key: 'textiles', name: '纺织服饰', words: ['纺织', '服饰', '家纺'], weight: 2.2 },
  { key: 'lightIndustry', name: '轻工制造', words: ['纸业', '家居', '包装'], weight: 3 },
  { key: 'retail', name: '商贸零售', words: ['商业', '百货', '贸易'], weight: 2 },
  { key: 'environment', name: '环保', words: ['环保', '环境'], weight: 2.5 },
  { key: 'services', name: '社会服务', words: ['旅游', '酒店', '教育'], weight: 1 },
];

/** Place names that open a name, as in 浙江医药 or 宁波银行. */
const REGIONS: readonly string[] = `
浙江 江苏 广东 深圳 上海 北京 天津 重庆 四川 湖南 湖北 福建 山东 河南 安徽
江西 云南 贵州 陕西 吉林 辽宁 海南 广西 宁波 厦门 苏州 杭州 南京 青岛 大连
成都 武汉 长春 合肥 西安 沈阳 济南 郑州 太原 昆明 兰州 珠海 佛山 东莞 无锡
常州 温州 泉州 烟台 潍坊 中山
`
  .trim()
  .split(/\s+/);

/** Brand characters, combined in pairs (恒瑞, 华鑫, 天润). */
const BRAND = [
  ...'华中东天海金新国恒鑫宏盛泰瑞安联信通达永长宇鼎凯博荣兴隆汇欣星光明晶润思万佳德福康美亚创科航嘉',
  ...'飞力方正远顺振卓云太南北西江山大宝银城众合智立同世纪龙腾英洪源和弘协益丰裕利昌富威鸿锦悦春蓝青',
  ...'红紫朗赛捷迈普维奥雅齐鲁秦晋楚湘粤闽浙苏皖川渝滇黔桂冀豫沪京津',
];

/**
 * Pinyin initial of every character above. Where a character has two readings, the one it
 * has in these names wins: 重庆 chóng, 长春 cháng, 银行 háng, 种业 zhǒng, 厦门 xià, 东莞 guǎn.
 */
const INITIALS_BY_LETTER: Record<string, string> = {
  A: '安奥',
  B: '保玻版备舶包百北波博宝',
  C: '产程材储池传出厨车船重川成长春常创城昌楚',
  D: '地电递店东岛大都达鼎德滇',
  F: '发伏风纺服福肥佛坊飞方丰富',
  G: '工钢管光高广贵莞国桂',
  H: '行黄化互航海货环湖河徽杭汉合华恒宏汇洪和弘鸿红沪',
  J: '建金焦精件据健酒家机居境教江京津吉济晶佳嘉纪锦捷晋冀',
  K: '矿康客空快昆凯科',
  L: '路璃铝锂络疗流力料旅林辽连兰联隆立龙利蓝朗鲁',
  M: '煤密码媒牧贸门明美迈闽',
  N: '泥能农南宁',
  P: '品啤配普',
  Q: '券桥气器汽庆青泉齐秦黔',
  R: '人软乳燃热瑞荣润',
  S: '寿设水石示数视生食速饲饰商苏深上四山陕沈盛思顺世赛',
  T: '托铁特土铜通天太台泰同腾',
  W: '微网文物务武无温潍万威维皖',
  X: '险信稀学新纤显息讯械西厦锡鑫兴欣星协湘',
  Y: '银业源油影娱医药运渔易游育云阳原烟永宇亚远英益裕悦雅粤渝豫',
  Z: '证置展子智制装造种织纸浙圳州郑珠中正振卓众紫',
};

const INITIAL_OF = new Map<string, string>(
  Object.entries(INITIALS_BY_LETTER).flatMap(([letter, chars]) =>
    [...chars].map((c) => [c, letter] as const),
  ),
);

/** Search initials: 浙江医药 → ZJYY, *ST华鑫 → STHX. Latin letters stay, other marks drop. */
export function pinyinInitials(name: string): string {
  let out = '';
  for (const c of name) {
    if (/[A-Za-z]/.test(c)) out += c.toUpperCase();
    else {
      const initial = INITIAL_OF.get(c);
      if (initial) out += initial;
      else if (c !== '*') throw new RangeError(`no pinyin initial for ${c}`);
    }
  }
  return out;
}

/** Search initials of a name from outside the generator (an operator's new issue): characters the table lacks are left out. */
export function knownInitials(name: string): string {
  return pinyinInitials([...name].filter((c) => /[A-Za-z*]/.test(c) || INITIAL_OF.has(c)).join(''));
}

/** A four-character short name in `sector`: region + industry word, or two brand characters + word. */
export function companyName(rng: Rng, sector: Sector): string {
  const word = rng.pick(sector.words);
  if (rng.chance(0.3)) return rng.pick(REGIONS) + word;
  const first = rng.pick(BRAND);
  let second = rng.pick(BRAND);
  while (second === first) second = rng.pick(BRAND);
  return first + second + word;
}

/** ST short names keep two characters of the company's name: 华鑫电子 → ST华鑫 or *ST华鑫. */
export function stName(name: string, delistingRisk: boolean): string {
  return `${delistingRisk ? '*ST' : 'ST'}${name.slice(0, 2)}`;
}

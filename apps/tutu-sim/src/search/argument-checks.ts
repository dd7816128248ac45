/** Checks shared by the stand-in's searches, failing with the sentences Tutu would answer. */
import { daysBetween, isIsoDate, moscowToday } from '../calendar.ts';
import { SimToolError, type SimContext } from '../sim-context.ts';

/** How far ahead Russian railways and the stand-in sell. */
export const SALES_HORIZON_DAYS = 120;

export function travelDate(value: unknown, field: string, ctx: SimContext): string {
  if (typeof value !== 'string' || !isIsoDate(value)) {
    throw new SimToolError(`Неверная дата ${JSON.stringify(value)} в поле ${field}: нужен формат ГГГГ-ММ-ДД.`);
  }
  if (daysBetween(moscowToday(ctx.now), value) < 0) throw new SimToolError(`Дата ${value} (${field}) уже прошла.`);
  return value;
}

export function beyondSalesHorizon(date: string, ctx: SimContext): boolean {
  return daysBetween(moscowToday(ctx.now), date) > SALES_HORIZON_DAYS;
}

export interface Page<T> {
  rows: T[];
  total: number;
  hasMore: boolean;
  page: number;
  pageSize: number;
}

export function paginate<T>(rows: T[], page: number | undefined, pageSize: number | undefined, defaultSize: number, maxSize: number): Page<T> {
  const size = Math.min(Math.max(pageSize ?? defaultSize, 1), maxSize);
  const number = Math.max(page ?? 1, 1);
  const start = (number - 1) * size;
  return { rows: rows.slice(start, start + size), total: rows.length, hasMore: start + size < rows.length, page: number, pageSize: size };
}

export function pageMeta(page: Page<unknown>) {
  return { total_matched: page.total, has_more: page.hasMore, page: page.page, page_size: page.pageSize };
}

export const DATA_SOURCE = 'tutu-sim: демонстрационные данные, не настоящие рейсы, поезда и отели';

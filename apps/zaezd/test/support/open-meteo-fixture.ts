/**
 * A daily forecast in Open-Meteo's shape for whatever the adapter asked (coordinates, time zone,
 * start and end dates): snow, −8.1…−2.5 °C, 1.4 mm at 80 % every day. Served by a JSON server so
 * the weather adapter makes real requests.
 */
export function openMeteoDays(url: URL) {
  const dates: string[] = [];
  for (
    let d = url.searchParams.get('start_date')!;
    d <= url.searchParams.get('end_date')!;
    d = new Date(Date.parse(`${d}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
  )
    dates.push(d);
  return {
    latitude: Number(url.searchParams.get('latitude')),
    longitude: Number(url.searchParams.get('longitude')),
    timezone: url.searchParams.get('timezone'),
    daily_units: { time: 'iso8601', temperature_2m_max: '°C' },
    daily: {
      time: dates,
      weather_code: dates.map(() => 71),
      temperature_2m_max: dates.map(() => -2.5),
      temperature_2m_min: dates.map(() => -8.1),
      precipitation_sum: dates.map(() => 1.4),
      precipitation_probability_max: dates.map(() => 80),
    },
  };
}

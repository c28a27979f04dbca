package groupmem

import (
	"bytes"
	"fmt"
	"math"
	"math/big"
	"strconv"
)

// Cost is an amount of the price currency in nano-units (1e-9 of a unit):
// what a run's tokens cost (Prices.Cost) and what runs cost summed
// (Usage). Being an integer, costs add exactly: the cost of a window of
// days is the sum of its runs' costs to the nano-unit, whatever the order
// they are added in, and two windows of equal cost rank as a tie. It is
// written as a decimal number of units (JSON, the API, the CLI), exactly:
// at most nine digits after the point.
type Cost int64

// CostUnit is the number of nano-units in one unit of the price currency:
// an untyped constant, so that 0.1 * CostUnit is the Cost of 0.1 units.
const CostUnit = 1_000_000_000

// MaxCost is the highest Cost, about 9.2 billion units; CostOf and
// UnmarshalJSON give it for any amount above it, and -MaxCost for any
// below -MaxCost.
const MaxCost Cost = math.MaxInt64

// CostOf returns the amount of f units to the nearest nano-unit, half a
// nano-unit rounded away from zero; NaN is 0.
func CostOf(f float64) Cost {
	n := math.Round(f * float64(CostUnit))
	switch {
	case math.IsNaN(n):
		return 0
	case n >= math.MaxInt64: // float64(MaxInt64) rounds up to 2^63
		return MaxCost
	case n <= -math.MaxInt64:
		return -MaxCost
	}
	return Cost(n)
}

// Float64 returns c in units as a float64: the nearest one to c while c
// is below 2^53 nano-units (about 9 million units), so 0.3 units give 0.3.
func (c Cost) Float64() float64 {
	return float64(c) / float64(CostUnit)
}

// String returns c in units as an exact decimal: "0.3", "12", "-0.000000001".
func (c Cost) String() string {
	return string(c.append(nil))
}

func (c Cost) append(b []byte) []byte {
	u := uint64(c)
	if c < 0 {
		b, u = append(b, '-'), -u
	}
	b = strconv.AppendUint(b, u/uint64(CostUnit), 10)
	if frac := u % uint64(CostUnit); frac != 0 {
		digits := strconv.AppendUint(nil, frac+uint64(CostUnit), 10)[1:] // nine digits, leading zeros kept
		b = append(append(b, '.'), bytes.TrimRight(digits, "0")...)
	}
	return b
}

// MarshalJSON writes c as a JSON number of units, exactly (String).
func (c Cost) MarshalJSON() ([]byte, error) {
	return c.append(nil), nil
}

// UnmarshalJSON reads a JSON number of units (null leaves c as it is),
// to the nearest nano-unit, half a nano-unit rounded away from zero,
// exactly whatever its digits: a cost written as a float (0.30000000000000004)
// reads as the nano-units it meant (0.3). Amounts beyond MaxCost are
// ±MaxCost.
func (c *Cost) UnmarshalJSON(b []byte) error {
	if string(b) == "null" {
		return nil
	}
	r, ok := new(big.Rat).SetString(string(b))
	if !ok || b[0] == '"' {
		return fmt.Errorf("a cost must be a number of units, not %s", b)
	}
	*c = costOfRat(r)
	return nil
}

// costOfRat returns r units to the nearest nano-unit, half away from zero,
// within ±MaxCost.
func costOfRat(r *big.Rat) Cost {
	num := new(big.Int).Mul(r.Num(), big.NewInt(int64(CostUnit)))
	neg := num.Sign() < 0
	num.Abs(num)
	q, m := new(big.Int).QuoRem(num, r.Denom(), new(big.Int))
	if m.Lsh(m, 1).Cmp(r.Denom()) >= 0 {
		q.Add(q, big.NewInt(1))
	}
	if !q.IsInt64() {
		q.SetInt64(int64(MaxCost))
	}
	if neg {
		return -Cost(q.Int64())
	}
	return Cost(q.Int64())
}

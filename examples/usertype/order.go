// Package usertype is an example of a module of its own that measures
// serialization codecs on its own Go type with serbench's bench package
// (see order_test.go).
package usertype

import "time"

// Order is the example's own type: what a shop would keep of an order.
type Order struct {
	ID       uint64            `json:"id"`
	Customer string            `json:"customer"`
	Placed   time.Time         `json:"placed"`
	Lines    []Line            `json:"lines"`
	Labels   map[string]string `json:"labels,omitempty"`
	Coupon   *string           `json:"coupon,omitempty"`
	Paid     bool              `json:"paid"`
}

// Line is one line of an Order.
type Line struct {
	SKU      string  `json:"sku"`
	Quantity int32   `json:"quantity"`
	Price    float64 `json:"price"`
}

// SampleOrders returns n orders that look like real ones.
func SampleOrders(n int) []Order {
	coupon := "SPRING10"
	zone := time.FixedZone("CET", 3600)
	out := make([]Order, n)
	for i := range out {
		o := Order{
			ID:       uint64(100000 + i),
			Customer: []string{"ada@example.com", "grace@example.com", "linus@example.com"}[i%3],
			Placed:   time.Date(2026, 4, 1+i%28, 9+i%12, i%60, 0, 0, zone),
			Labels:   map[string]string{"channel": []string{"web", "app"}[i%2]},
			Paid:     i%4 != 0,
		}
		if i%5 == 0 {
			o.Coupon = &coupon
		}
		for k := 0; k < 1+i%4; k++ {
			o.Lines = append(o.Lines, Line{SKU: "SKU-" + string(rune('A'+k)) + "-42", Quantity: int32(k + 1), Price: 4.5 + float64(k)*10.25})
		}
		out[i] = o
	}
	return out
}
